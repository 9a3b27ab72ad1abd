import type { Ref } from 'react';
import { UserFacingError } from '../../../lib/errors';

/**
 * The card form port: whatever collects the card (Recurly.js Elements in AWS, the test card form
 * locally) renders its fields inside the checkout's form and, on submit, exchanges them for a
 * billing token. Card data never leaves the form except to the tokenizer; our API gets the token.
 */
export interface CardFormHandle {
  /**
   * Checks the entry (showing and focusing field errors) and returns the billing token. Rejects
   * with {@link CardEntryError} when the entry is incomplete, or a {@link UserFacingError} when
   * the tokenizer refused the card.
   */
  tokenize(): Promise<string>;
}

export interface CardFormProps {
  readonly ref?: Ref<CardFormHandle>;
  /** While the checkout is submitting. */
  readonly disabled?: boolean;
  /** A starting value for "Name on card" (the user's name). */
  readonly defaultName?: string;
}

export const CARD_ENTRY_INVALID_MESSAGE = 'Please check your card details.';
export const CARD_FORM_LOADING_MESSAGE = 'The card form is still loading. Please try again in a moment.';

/** The card entry is incomplete or invalid; its fields show why. */
export class CardEntryError extends UserFacingError {
  constructor(message: string = CARD_ENTRY_INVALID_MESSAGE) {
    super(message);
    this.name = 'CardEntryError';
  }
}
