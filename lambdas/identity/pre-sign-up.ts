import type { PreSignUpTriggerEvent } from 'aws-lambda';
import * as z from '../shared/zod';
import { TABLES } from '../../lib/definitions/tables';
import { ENV } from '../shared/environment';
import { lazily } from '../shared/lazily';
import { readEnvironment, requiredNameVariable, type EnvironmentSource } from '../shared/read-environment';
import {
  createRegistrationCodesRepository,
  type RegistrationCodesRepository,
} from '../shared/registration-codes/registration-codes-repository';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { checkSignUp } from './sign-up-check';
import { cognitoTrigger } from './sign-up-errors';

/**
 * Cognito PreSignUp trigger: admits an invitation sign-up only with a valid registration code and
 * valid details (`sign-up-check.ts`). A refusal fails SignUp with
 * `PreSignUp failed with error REGISTRATION_CODE_INVALID: …` (or SIGN_UP_DETAILS_INVALID). Never
 * confirms or verifies anyone automatically: the person confirms their email with the code
 * Cognito sends.
 */
export interface PreSignUpDependencies {
  readonly codes: RegistrationCodesRepository;
}

const PreSignUpEnvironmentSchema = z.object({
  [TABLES.registrationCodes.envVar]: requiredNameVariable,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

/** `REGISTRATION_CODES_TABLE` (and `DYNAMODB_ENDPOINT` in the local runtime). */
export function preSignUpDependenciesFromEnvironment(source: EnvironmentSource = process.env): PreSignUpDependencies {
  const env = readEnvironment(PreSignUpEnvironmentSchema, source);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  return { codes: createRegistrationCodesRepository({ client, tableName: env[TABLES.registrationCodes.envVar] }) };
}

export function createPreSignUpHandler(dependencies: () => PreSignUpDependencies, now?: () => Date) {
  return cognitoTrigger<PreSignUpTriggerEvent>('PreSignUp', async (event) => {
    await checkSignUp(
      { codes: dependencies().codes, now },
      {
        triggerSource: event.triggerSource,
        userAttributes: event.request.userAttributes ?? {},
        clientMetadata: event.request.clientMetadata,
        validationData: event.request.validationData,
      },
    );
    event.response = { ...event.response, autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false };
    return event;
  });
}

export const handler = createPreSignUpHandler(lazily(preSignUpDependenciesFromEnvironment));
