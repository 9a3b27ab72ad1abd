import { AdminDeleteUserCommand, ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { SIGN_UP_ERROR_MARKERS } from '../../../lambdas/shared/registration-codes/sign-up-contract';
import { leakIn, type HttpAnswer } from './answer-checks';
import type { CallVerdict, FuzzEntryPoint } from './fuzz-runner';
import { extraKey, hostileString } from './hostile-values';
import { latestEmailedCode, type SecurityRuntime } from './security-runtime';
import type { ItemChange } from './table-snapshot';

/**
 * The Cognito triggers (`lib/definitions/cognito-triggers.ts`) as fuzz entry points, reached the
 * way a browser reaches them: SignUp (PreSignUp) with hostile attributes, client metadata and
 * validation data, and ConfirmSignUp (PostConfirmation) with hostile client metadata, through
 * cognito-local and the local Lambda endpoint. A refusal must be Cognito's own (bad parameter) or
 * a trigger refusal with its marker; SIGN_UP_UNAVAILABLE (the trigger failed) or anything else
 * is a failure.
 */

/** Cognito refuses attribute values over 2048 characters itself; longer ones never reach a trigger. */
const attributeValue = (plausible: fc.Arbitrary<string>) =>
  hostileString(plausible, { huge: false }).filter((value) => value.length <= 2048);

/** A map of strings with hostile keys (`__proto__`, `constructor`…) and values. */
function hostileStringMap(known: Readonly<Record<string, fc.Arbitrary<string>>>): fc.Arbitrary<Record<string, string>> {
  return fc
    .tuple(
      fc.record(known as Record<string, fc.Arbitrary<string>>, { requiredKeys: [] }),
      fc.array(fc.tuple(extraKey, attributeValue(fc.constant('x'))), { maxLength: 2 }),
    )
    .map(([record, extras]) => {
      const map: Record<string, string> = {};
      for (const [key, value] of [...Object.entries(record), ...extras])
        Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
      return map;
    });
}

const ALLOWED_REFUSALS = new Set([
  'InvalidParameterException',
  'UsernameExistsException',
  'InvalidPasswordException',
  'CodeMismatchException',
]);

/** The verdict of a Cognito call: its error must be a refusal Cognito or a trigger gives on purpose. */
async function cognitoCall(call: () => Promise<unknown>): Promise<CallVerdict> {
  try {
    await call();
    return { answer: { status: 200, contentType: null, text: 'ok', json: undefined }, accepted: true };
  } catch (error) {
    const { name, message, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } };
    const answer: HttpAnswer = { status: $metadata?.httpStatusCode ?? 0, contentType: null, text: `${name}: ${message}`, json: undefined };
    const leak = leakIn(message ?? '');
    let problem: string | undefined;
    if (name === 'UserLambdaValidationException') {
      if (
        !message.includes(`${SIGN_UP_ERROR_MARKERS.registrationCodeInvalid}:`) &&
        !message.includes(`${SIGN_UP_ERROR_MARKERS.detailsInvalid}:`)
      )
        problem = `the trigger failed: ${message}`;
    } else if (!ALLOWED_REFUSALS.has(name)) {
      problem = `an unexpected failure ${name} (${answer.status}): ${message}`;
    }
    if (!problem && leak) problem = `the refusal gives away ${leak}: ${message}`;
    return { answer, problem, accepted: false };
  }
}

function attributeList(attributes: Record<string, string>): { Name: string; Value: string }[] {
  return Object.keys(attributes).map((Name) => ({ Name, Value: attributes[Name] }));
}

async function deleteUser(rt: SecurityRuntime, username: string): Promise<void> {
  await rt.cognito.send(new AdminDeleteUserCommand({ UserPoolId: rt.userPoolId, Username: username })).catch((error: Error) => {
    if (error.name !== 'UserNotFoundException') throw error;
  });
}

const CODES = ['BETA-R1-2024', 'beta-r2-2024', ' BETA-R3-2024 ', 'NOPE-0000', 'BETA-R1-2024X'];

type SignUpInput = {
  local: string;
  attributes: Record<string, string>;
  clientMetadata?: Record<string, string>;
  validationData?: Record<string, string>;
};

export const preSignUp: FuzzEntryPoint<SignUpInput> = {
  name: 'Cognito PreSignUp (SignUp)',
  writes: ['users', 'registrationCodes'],
  input: fc.record(
    {
      local: fc.constant('signup'),
      attributes: hostileStringMap({
        given_name: attributeValue(fc.constantFrom('Dana', 'Zoë', "O'Brien", '李')),
        family_name: attributeValue(fc.constantFrom('Reyes', 'Ñúñez')),
        'custom:companyName': attributeValue(fc.constantFrom('Northbridge Staffing', 'A&B Talent')),
        phone_number: attributeValue(fc.constantFrom('+15550100199', '+447700900123')),
        'custom:registrationCode': attributeValue(fc.constantFrom(...CODES)),
      }),
      clientMetadata: hostileStringMap({ registrationCode: attributeValue(fc.constantFrom(...CODES)) }),
      validationData: hostileStringMap({ registrationCode: attributeValue(fc.constantFrom(...CODES)) }),
    },
    { requiredKeys: ['local', 'attributes'] },
  ),
  call: (rt, input) => {
    const email = `${input.local}.${randomUUID().slice(0, 8)}@fuzz.example`;
    (input as { email?: string }).email = email;
    return cognitoCall(() =>
      rt.cognito.send(
        new SignUpCommand({
          ClientId: rt.userPoolClientId,
          Username: email,
          Password: 'fuzz password 1',
          UserAttributes: [{ Name: 'email', Value: email }, ...attributeList(input.attributes)],
          ClientMetadata: input.clientMetadata,
          ValidationData: input.validationData ? attributeList(input.validationData) : undefined,
        }),
      ),
    );
  },
  // A sign-up stores nothing in the tables: the record is made once the email is confirmed.
  checkStored: (_rt, _input, _verdict, changes) =>
    changes.length > 0 ? `A sign-up stored something before confirmation: ${JSON.stringify(changes).slice(0, 500)}` : undefined,
  cleanup: (rt, input) => deleteUser(rt, (input as { email?: string }).email ?? ''),
};

/** Valid sign-up details, already in the form the trigger stores them. */
const person = fc.record({
  firstName: fc.constantFrom('Dana', 'Zoë', "O'Brien", '李', 'José-María'),
  lastName: fc.constantFrom('Reyes', 'Ñúñez', 'Park'),
  companyName: fc.constantFrom('Northbridge Staffing', 'A&B Talent, Inc.', 'Ωmega Search'),
  phoneNumber: fc.option(fc.constantFrom('+15550100199', '+447700900123'), { nil: undefined }),
});

type ConfirmInput = {
  person: { firstName: string; lastName: string; companyName: string; phoneNumber?: string };
  clientMetadata: Record<string, string>;
  email?: string;
  sub?: string;
};

export const postConfirmation: FuzzEntryPoint<ConfirmInput> = {
  name: 'Cognito PostConfirmation (ConfirmSignUp)',
  writes: ['users', 'registrationCodes'],
  input: fc.record({ person, clientMetadata: hostileStringMap({ registrationCode: attributeValue(fc.constantFrom(...CODES)) }) }),
  call: async (rt, input) => {
    const email = `confirm.${randomUUID().slice(0, 8)}@fuzz.example`;
    input.email = email;
    const attributes: Record<string, string> = {
      email,
      given_name: input.person.firstName,
      family_name: input.person.lastName,
      'custom:companyName': input.person.companyName,
      'custom:registrationCode': rt.registrationCode,
      ...(input.person.phoneNumber ? { phone_number: input.person.phoneNumber } : {}),
    };
    const { UserSub } = await rt.cognito.send(
      new SignUpCommand({
        ClientId: rt.userPoolClientId,
        Username: email,
        Password: 'fuzz password 1',
        UserAttributes: attributeList(attributes),
      }),
    );
    input.sub = UserSub;
    const code = await latestEmailedCode(rt.outboxUrl, email);
    return cognitoCall(() =>
      rt.cognito.send(
        new ConfirmSignUpCommand({
          ClientId: rt.userPoolClientId,
          Username: email,
          ConfirmationCode: code,
          ClientMetadata: input.clientMetadata,
        }),
      ),
    );
  },
  // The person's record as the contract makes it, and one counted use of the code.
  checkStored: (rt, input, _verdict, changes) => {
    const added = changes.find((change: ItemChange) => change.table === 'users' && change.kind === 'added');
    const counted = changes.find((change: ItemChange) => change.table === 'registrationCodes' && change.kind === 'changed');
    if (!added || !counted || changes.length !== 2)
      return `Expected one new user and one counted code, got: ${JSON.stringify(changes).slice(0, 600)}`;
    const createdAt = String(added.after!.createdAt);
    const expectedUser = {
      id: input.sub,
      email: input.email,
      firstName: input.person.firstName,
      lastName: input.person.lastName,
      companyName: input.person.companyName,
      ...(input.person.phoneNumber ? { phoneNumber: input.person.phoneNumber } : {}),
      status: 'ACTIVE',
      subscriptionId: 'SubscriptionTBD',
      subscriptions: [],
      createdAt,
      updatedAt: createdAt,
    };
    if (!isDeepStrictEqual(added.after, expectedUser))
      return `Stored ${JSON.stringify(added.after)}, the contract makes ${JSON.stringify(expectedUser)}`;
    const before = counted.before!;
    const after = counted.after!;
    const usedBy = after.usedBy as Set<string>;
    if (
      after.code !== rt.registrationCode ||
      after.uses !== Number(before.uses) + 1 ||
      !(usedBy instanceof Set) ||
      !usedBy.has(String(input.sub))
    ) {
      return `The code's use was not counted once for this person: ${JSON.stringify({ ...after, usedBy: [...(usedBy ?? [])] })}`;
    }
    return undefined;
  },
  cleanup: (rt, input) => deleteUser(rt, input.email ?? ''),
};

export const TRIGGER_ENTRY_POINTS: readonly FuzzEntryPoint<never>[] = [preSignUp, postConfirmation] as unknown as FuzzEntryPoint<never>[];
