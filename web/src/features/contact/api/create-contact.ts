import type { ContactField } from '@shared-domain/contact-rules';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { getApiKeyGraphqlClient } from '../../../lib/amplify';
import { readGraphqlFailure } from '../../../lib/graphql-errors';
import { UserFacingError } from '../../../lib/notify';

/** What the contact form sends (already trimmed; `phoneNumber` absent when not given). */
export interface ContactInput {
  readonly name: string;
  readonly email: string;
  readonly phoneNumber?: string;
  readonly message: string;
}

/** Stores a contact message; rejects with a {@link ContactSubmitError}. */
export type SubmitContact = (input: ContactInput) => Promise<void>;

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/**
 * Why a contact message was not stored, with a message for people: `validation` (the server
 * rejected fields, listed in `fieldErrors`), `network` (the server could not be reached) or
 * `server` (anything else).
 */
export class ContactSubmitError extends UserFacingError {
  readonly kind: 'validation' | 'network' | 'server';
  readonly fieldErrors: ContactFieldErrors;

  constructor(kind: ContactSubmitError['kind'], message: string, fieldErrors: ContactFieldErrors = {}, cause?: unknown) {
    super(message, { cause });
    this.name = 'ContactSubmitError';
    this.kind = kind;
    this.fieldErrors = fieldErrors;
  }
}

export const CREATE_CONTACT_MUTATION = /* GraphQL */ `
  mutation CreateContact($input: CreateContactInput!) {
    createContact(input: $input) {
      id
      createdAt
    }
  }
`;

const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phoneNumber', 'message'];
const NETWORK_MESSAGE = 'We could not reach our servers. Check your connection and try again.';
const SERVER_MESSAGE = 'Your message could not be sent. Please try again in a moment.';
const VALIDATION_MESSAGE = 'Please correct the highlighted fields.';

function isContactField(value: string): value is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(value);
}

/**
 * Maps whatever the GraphQL client threw to a {@link ContactSubmitError}. Amplify v6 rejects with
 * the GraphQL result (`{ data, errors }`) both for server errors and, wrapped, for network
 * failures; AppSync's resolver rejects bad input with `errorType: 'ValidationError'` and the
 * per-field messages in `errorInfo.fields`.
 */
export function toContactSubmitError(thrown: unknown): ContactSubmitError {
  if (thrown instanceof ContactSubmitError) return thrown;
  const failure = readGraphqlFailure(thrown);
  if (failure.validation) {
    const fieldErrors: ContactFieldErrors = {};
    for (const [field, message] of Object.entries(failure.validation.fields)) {
      if (isContactField(field)) fieldErrors[field] = message;
    }
    return new ContactSubmitError('validation', failure.validation.message || VALIDATION_MESSAGE, fieldErrors, thrown);
  }
  if (failure.network) return new ContactSubmitError('network', NETWORK_MESSAGE, {}, thrown);
  return new ContactSubmitError('server', SERVER_MESSAGE, {}, thrown);
}

/** The real submitter: `createContact` on AppSync with the API key, Amplify loaded on first use. */
export function createContactSubmitter(config: RuntimeConfig): SubmitContact {
  return async (input) => {
    try {
      const client = await getApiKeyGraphqlClient(config);
      await client.graphql({ query: CREATE_CONTACT_MUTATION, variables: { input } });
    } catch (thrown) {
      throw toContactSubmitError(thrown);
    }
  };
}

/** Starts loading Amplify early (e.g. when the visitor starts typing); failures are ignored here. */
export function preloadContactApi(config: RuntimeConfig): void {
  getApiKeyGraphqlClient(config).catch(() => undefined);
}
