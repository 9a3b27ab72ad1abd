import {
  checkRegistrationCode,
  RegistrationCodeError,
  resolveRegistrationCode,
} from '../shared/registration-codes/registration-code-rules';
import type { RegistrationCodesRepository } from '../shared/registration-codes/registration-codes-repository';
import { REGISTRATION_CODE_METADATA_KEY, SIGN_UP_ATTRIBUTES } from '../shared/registration-codes/sign-up-contract';
import { signUpPersonDetails } from './sign-up-errors';

/**
 * The pre-sign-up rule: a person signs up only with a registration code that admits them
 * (known, not expired, not used up) and with valid details. Admin-created users were checked by
 * the admin call and skip it. The code is only checked here; the post-confirmation trigger counts
 * the use once the email is confirmed.
 */

export interface SignUpRequest {
  readonly triggerSource: string;
  readonly userAttributes: Readonly<Record<string, string | undefined>>;
  readonly clientMetadata?: Readonly<Record<string, string | undefined>>;
  readonly validationData?: Readonly<Record<string, string | undefined>>;
}

export interface CheckSignUpDependencies {
  readonly codes: RegistrationCodesRepository;
  readonly now?: () => Date;
}

/**
 * Resolves when the sign-up may proceed; throws a SignUpDetailsError or a RegistrationCodeError
 * otherwise. The code must be in the `custom:registrationCode` attribute (where the
 * post-confirmation trigger finds it again); a code in clientMetadata or validationData must be the
 * same code.
 */
export async function checkSignUp(deps: CheckSignUpDependencies, request: SignUpRequest): Promise<void> {
  if (request.triggerSource === 'PreSignUp_AdminCreateUser') return;

  const attributes = request.userAttributes;
  signUpPersonDetails(attributes);

  const code = resolveRegistrationCode([
    attributes[SIGN_UP_ATTRIBUTES.registrationCode],
    request.clientMetadata?.[REGISTRATION_CODE_METADATA_KEY],
    request.validationData?.[REGISTRATION_CODE_METADATA_KEY],
  ]);
  if (!code) throw new RegistrationCodeError('missing');
  // Only a code stored on the user can be counted at confirmation: a code sent solely as metadata
  // would be checked now and lost by then.
  if (!attributes[SIGN_UP_ATTRIBUTES.registrationCode]?.trim()) throw new RegistrationCodeError('missing');

  checkRegistrationCode(await deps.codes.get(code), deps.now?.() ?? new Date());
}
