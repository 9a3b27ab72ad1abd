import { expect, test, type Frame, type Page } from '@playwright/test';
import type { AxeResults, PartialResult, Result, RunOptions } from 'axe-core';
import { createRequire } from 'node:module';

/**
 * axe-core's source, the very script @axe-core/playwright injects (resolved from the builder, whose
 * dependency it is, so the version is always the builder's).
 */
const AXE_SOURCE = (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

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

/**
 * axe's partial results of `frame` and, depth first, of every frame inside it (Recurly's card
 * fields are cross-origin iframes): what @axe-core/playwright's `analyze` gathers. A child frame
 * that cannot be scanned counts as `null`, as there.
 */
async function partialResults(frame: Frame, context: unknown): Promise<(PartialResult | null)[]> {
  await ensureAxe(frame);
  type FrameContext = { frameSelector: unknown; frameContext: unknown };
  const frameContexts = await frame.evaluate(
    (ctx) =>
      (globalThis as unknown as { axe: { utils: { getFrameContexts(c: unknown): FrameContext[] } } }).axe.utils.getFrameContexts(ctx),
    context,
  );
  const own = await frame.evaluate(
    ([ctx, options]) =>
      (globalThis as unknown as { axe: { runPartial(c: unknown, o: unknown): Promise<PartialResult> } }).axe.runPartial(ctx, options),
    [context, AXE_OPTIONS] as const,
  );
  const children: (PartialResult | null)[] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    try {
      const element = (
        await frame.evaluateHandle(
          (selector) =>
            (globalThis as unknown as { axe: { utils: { shadowSelect(s: unknown): unknown } } }).axe.utils.shadowSelect(selector),
          frameSelector,
        )
      ).asElement();
      const child = element ? await element.contentFrame() : null;
      children.push(...(child ? await partialResults(child, frameContext) : [null]));
    } catch {
      children.push(null);
    }
  }
  return [own, ...children];
}

/**
 * axe on the page as it is, with every frame: the same runs as @axe-core/playwright's `analyze`,
 * cheaper. The builder injected axe twice a scan and merged the results in a new blank page (a
 * renderer of its own, with axe injected a third time); here axe goes into a document once and the
 * page's own axe merges (`finishRun` only reads the partial results, not the page).
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const partials = await partialResults(page.mainFrame(), { include: [], exclude: [] });
  return page.evaluate(
    ([results, options]) =>
      (globalThis as unknown as { axe: { finishRun(r: unknown, o: unknown): Promise<AxeResults> } }).axe.finishRun(results, options),
    [partials, AXE_OPTIONS] as const,
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
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}
