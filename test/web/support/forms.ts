import { screen } from '@testing-library/react';

/** The error text announced for a field (through aria-describedby). */
export function errorOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The input labelled exactly `label` (labels of optional fields end with " (optional)"). */
export function field(label: string | RegExp): HTMLElement {
  return screen.getByLabelText(label);
}
