import { ValidationError } from '../shared/errors';
import { createLogger, runWithRequestId } from '../shared/logger';
import { RegistrationCodeError } from '../shared/registration-codes/registration-code-rules';
import { SIGN_UP_ATTRIBUTES, SIGN_UP_ERROR_MARKERS } from '../shared/registration-codes/sign-up-contract';
import { checkPersonDetails, type PersonDetails } from '../shared/users/person-details';

/**
 * How the Cognito triggers fail. Cognito shows a failing trigger's error message to the caller as
 * `PreSignUp failed with error <message>.`, so the message is the whole contract with the web app:
 * it starts with a stable marker (`sign-up-contract.ts`) followed by a sentence for a person, and
 * never carries internals. Unexpected failures are logged and become SIGN_UP_UNAVAILABLE.
 */

/** Sign-up details (name, company, phone) the server refuses; `fields` says which and why. */
export class SignUpDetailsError extends ValidationError {
  constructor(fields: Record<string, string>) {
    super(Object.values(fields).join(' '), fields, { code: 'sign_up_details_invalid' });
  }
}

/**
 * The person details of a sign-up's Cognito attributes (name, company, phone), checked as every
 * sign-up is: the pre-sign-up check and the registration on confirmation both refuse with
 * {@link SignUpDetailsError}.
 */
export function signUpPersonDetails(attributes: Readonly<Record<string, string | undefined>>): PersonDetails {
  const checked = checkPersonDetails({
    firstName: attributes[SIGN_UP_ATTRIBUTES.firstName],
    lastName: attributes[SIGN_UP_ATTRIBUTES.lastName],
    companyName: attributes[SIGN_UP_ATTRIBUTES.companyName],
    phoneNumber: attributes[SIGN_UP_ATTRIBUTES.phoneNumber],
  });
  if (!checked.ok) throw new SignUpDetailsError({ ...checked.errors });
  return checked.details;
}

const UNAVAILABLE_MESSAGE = 'We could not complete your sign-up right now. Please try again shortly';

const logger = createLogger({ component: 'cognito-trigger' });

/** Cognito appends a period itself. */
function sentence(message: string): string {
  return message.trim().replace(/\.+$/, '');
}

/** The error a trigger throws to Cognito for `error`. */
export function toTriggerError(error: unknown): Error {
  if (error instanceof RegistrationCodeError)
    return new Error(`${SIGN_UP_ERROR_MARKERS.registrationCodeInvalid}: ${sentence(error.message)}`);
  if (error instanceof SignUpDetailsError) return new Error(`${SIGN_UP_ERROR_MARKERS.detailsInvalid}: ${sentence(error.message)}`);
  return new Error(`${SIGN_UP_ERROR_MARKERS.unavailable}: ${UNAVAILABLE_MESSAGE}`);
}

interface TriggerEventBase {
  readonly triggerSource: string;
  readonly userName: string;
}

/**
 * Wraps a Cognito trigger: one log line per invocation with its outcome, and failures turned into
 * marker errors ({@link toTriggerError}). Refusals of the person's input are logged at `info` with
 * the reason; anything else at `error` with the cause.
 */
export function cognitoTrigger<E extends TriggerEventBase>(
  name: string,
  run: (event: E) => Promise<E>,
): (event: E, context?: { readonly awsRequestId?: string }) => Promise<E> {
  return (event, context) =>
    runWithRequestId(context?.awsRequestId ?? `${name}-${Date.now()}`, async () => {
      const startedAt = Date.now();
      try {
        const result = await run(event);
        logger.info('Trigger handled', {
          trigger: name,
          triggerSource: event.triggerSource,
          username: event.userName,
          durationMs: Date.now() - startedAt,
        });
        return result;
      } catch (error) {
        if (error instanceof RegistrationCodeError || error instanceof SignUpDetailsError) {
          logger.info('Sign-up refused', {
            trigger: name,
            triggerSource: event.triggerSource,
            username: event.userName,
            reason: error instanceof RegistrationCodeError ? error.reason : 'details_invalid',
            fields: Object.keys(error.fields),
          });
        } else {
          logger.error('Trigger failed', { trigger: name, triggerSource: event.triggerSource, username: event.userName, error });
        }
        throw toTriggerError(error);
      }
    });
}
