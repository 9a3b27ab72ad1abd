import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { expectNoSidewaysScroll } from './accessibility';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Where the screenshots go. Every run takes them (so the pages are checked and the code path
 * stays alive), but only `SCREENSHOTS=1` writes them into the committed `docs/screenshots/`:
 * the pages show today's dates and fresh data, so writing them on every `npm test` would change
 * the committed images on every run. Without it they go to `test-results/screenshots/`.
 */
export const SCREENSHOT_DIR = path.join(ROOT, process.env.SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots');

/**
 * The two widths the product is shown at, the widths the browser tests walk: desktop, and a phone
 * (390 px, under the spec's 640px breakpoint, so the phone layout and the moved menu show).
 */
export const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type WidthName = keyof typeof WIDTHS;

/** The file name of a screenshot: `desktop-home.jpg`, `phone-menu-open.jpg`. */
export function shotFile(width: WidthName, name: string): string {
  return `${width}-${name}.jpg`;
}

/**
 * Saves what the viewport shows (not the whole page: small files) as a JPEG at quality 70, after
 * checking the page does not scroll sideways at this width (a layout that overflows a phone is a
 * bug a person would see at once).
 */
export async function saveScreenshot(page: Page, width: WidthName, name: string): Promise<void> {
  await expectNoSidewaysScroll(page, `${name} at ${width}`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, shotFile(width, name)),
    type: 'jpeg',
    quality: 70,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** One page or state in the index, shown at `widths` (both unless said). */
export interface IndexSection {
  readonly title: string;
  readonly name: string;
  readonly note?: string;
  readonly widths?: readonly WidthName[];
}

/** Writes `README.md` beside the screenshots: each page at both widths, side by side. */
export function writeScreenshotIndex(sections: readonly IndexSection[]): void {
  const lines = [
    '# Screenshots',
    '',
    'The product at desktop width (1280 px) and on a phone (390 px), taken by the browser tests',
    '(`test/e2e/screenshots.spec.ts`) against the local runtime. To refresh them:',
    '',
    '```sh',
    'npm run build:web && SCREENSHOTS=1 npx playwright test test/e2e/screenshots.spec.ts',
    '```',
    '',
    'Without `SCREENSHOTS=1` (as in `npm test`) the same screenshots are taken into',
    '`test-results/screenshots/`, so a test run never changes the committed images.',
    '',
  ];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    if (section.note) lines.push(section.note, '');
    const widths = section.widths ?? (['desktop', 'phone'] as const);
    const heading = (width: WidthName) => (width === 'desktop' ? 'Desktop (1280 px)' : 'Phone (390 px)');
    const image = (width: WidthName) =>
      `![${section.title}, ${width === 'desktop' ? 'desktop width' : 'on a phone'}](${shotFile(width, section.name)})`;
    lines.push(
      `| ${widths.map(heading).join(' | ')} |`,
      `|${widths.map(() => '---|').join('')}`,
      `| ${widths.map(image).join(' | ')} |`,
      '',
    );
  }
  writeFileSync(path.join(SCREENSHOT_DIR, 'README.md'), lines.join('\n'));
}
