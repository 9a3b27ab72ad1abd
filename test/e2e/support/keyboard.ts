import { expect, type Locator, type Page } from '@playwright/test';

/** A short description of the focused element, for failure messages ("input Email", "button Sign in"). */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(nothing)';
    const label = element.labels?.[0]?.textContent || element.getAttribute('aria-label') || element.textContent || '';
    return element.tagName.toLowerCase() + ' "' + label.trim().slice(0, 40) + '"';
  })()`);
}

/**
 * Presses Tab until `target` has focus (at most `limit` times) and fails, listing what was
 * focused on the way, when it is never reached.
 */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  const visited: string[] = [];
  const focused = () => target.evaluate((element) => element === element.ownerDocument.activeElement);
  for (let presses = 0; presses < limit; presses += 1) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
    visited.push(await describeFocus(page));
  }
  expect(await focused(), `Tab never reached the control; focus went: ${visited.join(' → ')}`).toBe(true);
}

/**
 * The tab order: Tab reaches `controls[0]`, then each following Tab moves to the next control
 * in the list, in that order and with nothing in between.
 */
export async function expectTabOrder(page: Page, controls: readonly Locator[]): Promise<void> {
  await tabTo(page, controls[0]);
  for (const control of controls.slice(1)) {
    await page.keyboard.press('Tab');
    await expect(control, `after Tab, focus is on ${await describeFocus(page)}`).toBeFocused();
  }
}

/**
 * A field's error is announced: the field is `aria-invalid` and the message is part of its
 * accessible description (what a screen reader reads with the field).
 */
export async function expectAnnouncedError(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message instanceof RegExp ? message : new RegExp(escapeRegExp(message)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the focus indicator of the focused element looks like, and the colour it is drawn against. */
interface FocusRing {
  readonly element: string;
  readonly width: number;
  readonly contrast: number;
}

/**
 * Measures the focused element's outline: its width and its contrast against the colour it sits
 * on (the nearest opaque background outside the element for an outline drawn outside it, inside
 * for one drawn inside). WCAG 1.4.11 wants 3:1 for a focus indicator.
 */
async function focusRing(page: Page): Promise<FocusRing> {
  return page.evaluate(`(() => {
    const element = document.activeElement;
    const style = getComputedStyle(element);
    const rgb = (value) => (value.match(/[\\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => {
      const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const backgroundOf = (start) => {
      for (let node = start; node; node = node.parentElement) {
        const colour = rgb(getComputedStyle(node).backgroundColor);
        if (colour.length === 3 || (colour.length === 4 && colour[3] >= 0.9)) return colour.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const inside = parseFloat(style.outlineOffset) < 0;
    const ring = rgb(style.outlineColor).slice(0, 3);
    const behind = backgroundOf(inside ? element : element.parentElement);
    const [light, dark] = [luminance(ring), luminance(behind)].sort((a, b) => b - a);
    const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    const name = (element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40);
    return { element: element.tagName.toLowerCase() + ' "' + name + '"', width, contrast: (light + 0.05) / (dark + 0.05) };
  })()`);
}

/**
 * The focused element shows a focus indicator a person can see: an outline at least 2px wide
 * with at least 3:1 contrast against its surroundings.
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await focusRing(page);
  expect(ring.width, `the focus outline of ${ring.element}`).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, `the focus outline contrast of ${ring.element}`).toBeGreaterThanOrEqual(3);
}

/**
 * Fills a form through the keyboard in its tab order: starting on the focused first field, each
 * value replaces the field's text (Ctrl+A, then typing; `null` leaves the field as it is) and Tab
 * must land on the next field, and after the last one on `submit`. Enter on the button submits.
 */
export async function fillInTabOrder(page: Page, fields: readonly (readonly [Locator, string | null])[], submit: Locator): Promise<void> {
  for (const [index, [field, value]] of fields.entries()) {
    await expect(field, `field ${index + 1} of the form has focus`).toBeFocused();
    if (value !== null) {
      await page.keyboard.press('ControlOrMeta+A');
      if (value === '') await page.keyboard.press('Backspace');
      else await page.keyboard.type(value);
    }
    await page.keyboard.press('Tab');
  }
  await expect(submit, 'Tab after the last field reaches the submit button').toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
}
