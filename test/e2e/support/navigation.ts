import { expect, type Page } from '@playwright/test';

/** What the navigation below uses of the page's globals (this project has no DOM types). */
type PageGlobals = {
  document: { activeElement: { blur?: () => void } | null };
  location: { pathname: string; search: string };
  history: { state: { idx?: number } | null; pushState(state: unknown, unused: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string, init: { state: unknown }) => unknown;
};

/**
 * Opens `path` in the app already running in `page`, as a person moving through it does: without
 * loading the app again (a load is about 0.3 CPU-s of Chromium, plus axe's injection again on the
 * new document). It adds a history entry and fires the popstate event that react-router's browser
 * router follows for Back and Forward, so the router resolves, loads and renders the route as for a
 * link. It resolves once the new page is committed: the app moves focus into the main landmark
 * after every change of path (AppLayout), and focus was taken off everything first.
 *
 * A page without the app yet, or the same path with another query (the focus does not move then),
 * is loaded with `page.goto`. Navigation keeps what the app holds in memory, as a person's does:
 * after a change made outside the app (through the API), load the page instead.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const here = await page.evaluate(() => {
    const { location } = globalThis as unknown as PageGlobals;
    return location.pathname;
  });
  const samePath = new URL(path, 'http://app').pathname === here;
  if (samePath || (await page.locator('#main').count()) === 0) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    const globals = globalThis as unknown as PageGlobals;
    globals.document.activeElement?.blur?.();
    const idx = (globals.history.state?.idx ?? 0) + 1;
    globals.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    globals.dispatchEvent(new globals.PopStateEvent('popstate', { state: globals.history.state }));
  }, path);
  await expect(page.locator(':focus'), `the app shows ${path}`).toHaveCount(1);
}
