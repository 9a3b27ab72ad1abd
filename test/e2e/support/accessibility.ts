import { expect, test, type Frame, type Page } from '@playwright/test';
import type { AxeResults, PartialResult, Result, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * axe-core as the browser gets it: the package's minified build of the script @axe-core/playwright
 * injects (resolved from the builder, whose dependency it is, so the version is always the
 * builder's). The builder sends the unminified one, 1.5 MB that every scanned document receives
 * over the DevTools protocol and parses: 135 ms against 95 ms a document on an idle machine, for
 * the 70-odd documents a run scans.
 */
const AXE_SOURCE = readFileSync(createRequire(require.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets every page is checked against: WCAG 2.0 and 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** The budget: a violation of this impact fails the test. Lesser ones are reported as annotations. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One violation per paragraph: impact, rule, what it means, then each offending element and why. */
export function formatViolations(violations: readonly Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n\s*/g, ' ')}`)
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Waits until the page has settled (no route or data is loading), so axe sees what a person sees
 * rather than a half-rendered frame. The app uses system fonts only: there are none to wait for.
 */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main .spinner, .nav-progress[data-active="true"]')).toHaveCount(0);
}

/** Every axe run's options: the rule sets, and only violations collected (axe skips every passing node). */
const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: [...AXE_TAGS] }, resultTypes: ['violations'] };

/** Puts axe into a frame unless this document already has it (a scan after a click, not a navigation). */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate('typeof window.axe?.runPartial === "function"');
  if (present) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate('axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } })');
}

/** The global axe-core sets up, as far as these scans use it. */
type AxeGlobal = {
  axe: {
    utils: { getFrameContexts(c: unknown): { frameSelector: unknown; frameContext: unknown }[]; shadowSelect(s: unknown): unknown };
    runPartial(c: unknown, o: unknown): Promise<PartialResult>;
    finishRun(r: unknown, o: unknown): Promise<AxeResults>;
  };
  /** The main frame's own partial result, kept where it was made (see runAxe). */
  axeOwnPartial?: PartialResult;
};

/**
 * axe's partial results of `frame` and, depth first, of every frame inside it (in production
 * Recurly's card fields are cross-origin iframes): what @axe-core/playwright's `analyze` gathers. A child frame
 * that cannot be scanned counts as `null`, as there. With `keepOwn`, the frame's own result stays in
 * the frame (as `axeOwnPartial`) and only its frames' results are returned.
 */
async function partialResults(frame: Frame, context: unknown, keepOwn = false): Promise<(PartialResult | null)[]> {
  await ensureAxe(frame);
  const frameContexts = await frame.evaluate((ctx) => (globalThis as unknown as AxeGlobal).axe.utils.getFrameContexts(ctx), context);
  const own = await frame.evaluate(
    async ([ctx, options, keep]) => {
      const global = globalThis as unknown as AxeGlobal;
      const result = await global.axe.runPartial(ctx, options);
      if (!keep) return result;
      global.axeOwnPartial = result;
      return null;
    },
    [context, AXE_OPTIONS, keepOwn] as const,
  );
  const children: (PartialResult | null)[] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    try {
      const element = (
        await frame.evaluateHandle((selector) => (globalThis as unknown as AxeGlobal).axe.utils.shadowSelect(selector), frameSelector)
      ).asElement();
      const child = element ? await element.contentFrame() : null;
      children.push(...(child ? await partialResults(child, frameContext) : [null]));
    } catch {
      children.push(null);
    }
  }
  return keepOwn ? children : [own, ...children];
}

/**
 * axe on the page as it is, with every frame: the same runs as @axe-core/playwright's `analyze`,
 * cheaper. The builder injected axe into the page for every scan and merged the results in a new
 * blank page (a renderer of its own, with axe injected there too); here axe goes into a document once and the
 * page's own axe merges (`finishRun` only reads the partial results, not the page). The main
 * frame's partial result (every node of every rule, passes included) never leaves the page: the
 * builder serialised it to the test and back, most of a scan's cost outside axe itself; only
 * child frames' results and the merged violations cross.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const childPartials = await partialResults(page.mainFrame(), { include: [], exclude: [] }, true);
  return page.evaluate(
    ([children, options]) => {
      const global = globalThis as unknown as AxeGlobal;
      const own = global.axeOwnPartial;
      delete global.axeOwnPartial;
      return global.axe.finishRun([own, ...children], options);
    },
    [childPartials, AXE_OPTIONS] as const,
  );
}

/**
 * Runs axe-core on the page as it is now and fails with a readable list when anything serious or
 * critical is found (the quality gate: 0 serious or critical violations). Moderate and minor
 * findings do not fail the test but are attached to it as an annotation, so they stay visible.
 *
 * @param what names the page or state in the failure message ("/contact with its errors").
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await settle(page);
  const results = await runAxe(page);
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  const lesser = results.violations.filter((violation) => !FAILING_IMPACTS.has(violation.impact ?? ''));
  if (lesser.length > 0) {
    test.info().annotations.push({ type: 'axe (moderate or minor)', description: `${what}\n${formatViolations(lesser)}` });
  }
  expect(formatViolations(failing), `axe found serious or critical violations on ${what}`).toBe('');
}

/**
 * The page fits its width (WCAG 1.4.10, reflow): nothing makes it scroll sideways. At the 640px
 * breakpoint an overflowing table or a long unbroken word is a bug a person sees at once.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  // Measured at rest: right after a resize the page may not have had its frame yet (the media
  // queries' listeners run there), so an overflow must last the poll to fail. The message names
  // what sticks out, so a failure in CI says which element to look at.
  let found: SidewaysOverflow = { overflow: 0, outside: [] };
  await expect
    .poll(
      async () => {
        found = await page.evaluate<SidewaysOverflow>(MEASURE_SIDEWAYS_OVERFLOW);
        return found.overflow;
      },
      { message: `${what} scrolls sideways`, timeout: 3_000 },
    )
    .toBeLessThanOrEqual(0)
    .catch((error: unknown) => {
      throw new Error(`${what} scrolls sideways by ${found.overflow}px; past the right edge:\n${found.outside.join('\n')}`, {
        cause: error,
      });
    });
}

interface SidewaysOverflow {
  readonly overflow: number;
  /** The outermost elements that end past the viewport's right edge: tag, classes and box. */
  readonly outside: readonly string[];
}

/**
 * Runs in the page (a string: this project has no DOM types): how far it scrolls sideways, and the
 * outermost elements that end past the right edge.
 */
const MEASURE_SIDEWAYS_OVERFLOW = `(() => {
  const viewport = window.innerWidth;
  const overflow = document.documentElement.scrollWidth - viewport;
  if (overflow <= 0) return { overflow, outside: [] };
  const sticking = Array.from(document.body.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right > viewport + 0.5);
  const outermost = sticking.filter((element) => !sticking.some((other) => other !== element && other.contains(element)));
  const outside = (outermost.length > 0 ? outermost : sticking).slice(0, 8).map((element) => {
    const box = element.getBoundingClientRect();
    const classes = typeof element.className === 'string' && element.className.trim() ? '.' + element.className.trim().split(/\\s+/).join('.') : '';
    return element.tagName.toLowerCase() + classes + ' left ' + Math.round(box.left) + 'px, width ' + Math.round(box.width) + 'px';
  });
  return { overflow, outside };
})()`;

/** The two widths every page is checked at: a desktop and a phone. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/**
 * The page as it is now at both widths: no serious axe violation, nothing scrolls sideways; back to
 * the width it was walked at after (a walk on a phone goes on on a phone).
 */
export async function expectAccessibleAtBothWidths(page: Page, what: string): Promise<void> {
  const walkedAt = page.viewportSize() ?? DESKTOP_VIEWPORT;
  for (const viewport of [DESKTOP_VIEWPORT, PHONE_VIEWPORT]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${what} at ${viewport.width} px`);
    await expectNoSidewaysScroll(page, `${what} at ${viewport.width} px`);
  }
  await page.setViewportSize(walkedAt);
}
