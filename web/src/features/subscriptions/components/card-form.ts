import type { Ref } from 'react';
import { UserFacingError } from '../../../lib/errors';
import { RestApiError } from '../../../lib/rest-client';

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
  /** The id of the message about the card as a whole (a decline), which the fields are described by. */
  readonly describedBy?: string;
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

/**
 * What to show by the card fields when paying failed because of the card: the server's message
 * for the card token (`fields.billingToken`: declined, expired or invalid details, none given),
 * or the card form's own refusal. Undefined for anything else (the network, a busy server…),
 * which stays a toast.
 */
export function cardProblemOf(error: unknown, fromCardForm: boolean): string | undefined {
  if (error instanceof CardEntryError) return undefined;
  if (error instanceof RestApiError) return error.fields.billingToken;
  // The test card form shows its tokenizer's field errors on the fields themselves.
  const fieldErrors = (error as { fields?: Readonly<Record<string, string>> }).fields;
  if (fromCardForm && error instanceof UserFacingError && !(fieldErrors && Object.keys(fieldErrors).length > 0)) return error.message;
  return undefined;
}
