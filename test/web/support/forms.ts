import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The error text announced for a field (through aria-describedby). */
export function errorOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The input labelled exactly `label` (labels of optional fields end with " (optional)"). */
export function field(label: string | RegExp): HTMLElement {
  return screen.getByLabelText(label);
}

/**
 * Replaces what a text field holds with `value` in one paste, as a person fills a field whose
 * typing the test is not about. `user.type` sends five events and renders the form once per
 * character: most of the form tests' CPU went on typing preconditions. Each form keeps a test
 * that types into it.
 */
export async function fillIn(user: UserEvent, element: HTMLElement, value: string): Promise<void> {
  await user.clear(element);
  if (value) await user.paste(value);
}

/**
 * Picks the option named `option` in the combobox named `name` inside `scope`, as a person does:
 * a click opens the list, a click on the option picks it. Answers the combobox's field.
 */
export async function chooseInCombobox(user: UserEvent, scope: HTMLElement, name: string, option: string | RegExp): Promise<HTMLElement> {
  const combobox = await within(scope).findByRole('combobox', { name });
  await user.click(combobox);
  await user.click(within(within(scope).getByRole('listbox', { name })).getByRole('option', { name: option }));
  return combobox;
}
