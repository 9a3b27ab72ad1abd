import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks, in the combobox named `name` inside `scope` (web/src/components/ui/combobox.tsx), the
 * first option whose text matches `option`, as a person does: a click opens the list, a click
 * picks. Answers the option's label, which is then in the field.
 */
export async function chooseInCombobox(scope: Page | Locator, name: string, option: string | RegExp): Promise<string> {
  const field = scope.getByRole('combobox', { name, exact: true });
  await field.click();
  const choice = scope.getByRole('listbox', { name, exact: true }).getByRole('option').filter({ hasText: option }).first();
  await expect(choice).toBeVisible();
  const label = (await choice.locator('.combobox__label').textContent()) ?? '';
  await choice.click();
  await expect(field).toHaveValue(label);
  return label;
}

/**
 * Searches the combobox named `name` inside `scope` for `words` and picks the one option left with
 * the keyboard (ArrowDown, Enter), checking that it is the only one. Answers that option's text
 * (its label and detail).
 */
export async function searchAndPickOnly(scope: Page | Locator, name: string, words: string): Promise<string> {
  const field = scope.getByRole('combobox', { name, exact: true });
  await field.fill(words);
  const options = scope.getByRole('listbox', { name, exact: true }).getByRole('option');
  await expect(options).toHaveCount(1);
  const text = (await options.textContent()) ?? '';
  const label = (await options.locator('.combobox__label').textContent()) ?? '';
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue(label);
  return text;
}
