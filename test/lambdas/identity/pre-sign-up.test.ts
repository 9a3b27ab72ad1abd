import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { createPreSignUpHandler } from '../../../lambdas/identity/pre-sign-up';
import {
  createRegistrationCodesRepository,
  type RegistrationCodesRepository,
} from '../../../lambdas/shared/registration-codes/registration-codes-repository';
import { startMemoryDynamoDbInProcess, type MemoryDynamoDb } from '../support/memory-dynamodb';
import { captureLogs, type CapturedLogs } from '../support/capture-logs';
import { preSignUpEvent, signUpAttributes } from '../support/cognito-trigger-events';

const NOW = new Date('2026-03-01T12:00:00Z');

let dynamodb: MemoryDynamoDb;
let client: DynamoDBDocumentClient;
let codes: RegistrationCodesRepository;
let preSignUp: ReturnType<typeof createPreSignUpHandler>;
let logs: CapturedLogs;

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDbInProcess();
  client = dynamodb.documentClient;
  codes = createRegistrationCodesRepository({ client, tableName: dynamodb.tableNames.registrationCodes });
  preSignUp = createPreSignUpHandler(
    () => ({ codes }),
    () => NOW,
  );
  const stored = { uses: 0, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() };
  await codes.putIfAbsent({ code: 'BETA-R1', group: 'Beta_Customer_R1', ...stored });
  await codes.putIfAbsent({ code: 'EXPIRED', group: 'Beta_Customer_R1', expiresAt: '2026-02-28T00:00:00Z', ...stored });
  await codes.putIfAbsent({ code: 'FULL', group: 'Beta_Customer_R2', maxUses: 2, ...stored, uses: 2 });
});
afterAll(() => dynamodb.stop());
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

async function refusal(event: PreSignUpTriggerEvent, handler = preSignUp): Promise<string> {
  const error = await handler(event).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error)) throw new Error('the sign-up was admitted');
  return error.message;
}

describe('PreSignUp trigger (invitation sign-up)', () => {
  it('admits a sign-up with a valid code, typed in any case and with spaces, and confirms nobody automatically', async () => {
    const event = preSignUpEvent({ userAttributes: signUpAttributes('dana@example.com', '  beta-r1 ') });
    event.response.autoConfirmUser = true; // whatever came in, the trigger never auto-confirms

    const result = await preSignUp(event, { awsRequestId: 'r-1' });

    expect(result.response).toEqual({ autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false });
    expect(result.userName).toBe(event.userName);
  });

  it('accepts the same code repeated in clientMetadata or validationData', async () => {
    const attributes = signUpAttributes('dana@example.com', 'BETA-R1');
    await expect(
      preSignUp(preSignUpEvent({ userAttributes: attributes, clientMetadata: { registrationCode: 'beta-r1' } })),
    ).resolves.toBeDefined();
    await expect(
      preSignUp(preSignUpEvent({ userAttributes: attributes, validationData: { registrationCode: 'BETA-R1' } })),
    ).resolves.toBeDefined();
  });

  it.each([
    ['an unknown code', 'NOPE-123', 'unknown'],
    ['an expired code', 'expired', 'expired'],
    ['a used-up code', 'FULL', 'used_up'],
    ['a code that is not even shaped like one', '<script>', 'unknown'],
  ])('refuses %s with the one Unknown Registration Code message (no oracle), logging the real reason', async (_case, code, reason) => {
    expect(await refusal(preSignUpEvent({ userAttributes: signUpAttributes('dana@example.com', code) }))).toBe(
      'REGISTRATION_CODE_INVALID: You have provided an incorrect registration code. Please try again',
    );
    expect(logs.lines).toContainEqual(expect.objectContaining({ message: 'Sign-up refused', reason }));
  });

  it('refuses a sign-up without a code, or with the code only in clientMetadata (it would be lost by confirmation)', async () => {
    const { 'custom:registrationCode': _code, ...withoutCode } = signUpAttributes('dana@example.com', 'BETA-R1');
    expect(await refusal(preSignUpEvent({ userAttributes: withoutCode }))).toBe(
      'REGISTRATION_CODE_INVALID: Please enter your registration code',
    );
    expect(await refusal(preSignUpEvent({ userAttributes: withoutCode, clientMetadata: { registrationCode: 'BETA-R1' } }))).toBe(
      'REGISTRATION_CODE_INVALID: Please enter your registration code',
    );
  });

  it('refuses two different codes in one sign-up', async () => {
    const event = preSignUpEvent({
      userAttributes: signUpAttributes('dana@example.com', 'BETA-R1'),
      clientMetadata: { registrationCode: 'FULL' },
    });
    expect(await refusal(event)).toBe('REGISTRATION_CODE_INVALID: The registration codes given do not match');
  });

  it('refuses invalid details with the SIGN_UP_DETAILS_INVALID marker and says what is wrong', async () => {
    const event = preSignUpEvent({
      userAttributes: signUpAttributes('dana@example.com', 'BETA-R1', { given_name: ' ', 'custom:companyName': 'Acme <b>' }),
    });
    expect(await refusal(event)).toBe(
      'SIGN_UP_DETAILS_INVALID: Please enter your first name. Company name cannot contain symbols such as < > { } [ ] ; $',
    );
    const { 'custom:companyName': _company, ...withoutCompany } = signUpAttributes('dana@example.com', 'BETA-R1');
    expect(await refusal(preSignUpEvent({ userAttributes: withoutCompany }))).toBe(
      'SIGN_UP_DETAILS_INVALID: Please enter your company name',
    );
  });

  it('lets users an admin creates through without a code', async () => {
    const event = preSignUpEvent({
      triggerSource: 'PreSignUp_AdminCreateUser',
      userAttributes: { email: 'invited@example.com', email_verified: 'true', given_name: 'Ira', family_name: 'Kent' },
    });
    await expect(preSignUp(event)).resolves.toMatchObject({ response: { autoConfirmUser: false } });
  });

  it('logs a refusal with its reason, at info, without the code', async () => {
    await refusal(preSignUpEvent({ userAttributes: signUpAttributes('dana@example.com', 'EXPIRED') }), preSignUp);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'Sign-up refused', reason: 'expired', trigger: 'PreSignUp' }),
    );
    expect(logs.text()).not.toContain('EXPIRED');
  });

  it('fails closed with SIGN_UP_UNAVAILABLE, and no internals, when the codes cannot be read', async () => {
    const broken = createPreSignUpHandler(() => ({ codes: createRegistrationCodesRepository({ client, tableName: 'no-such-table' }) }));

    const message = await refusal(preSignUpEvent({ userAttributes: signUpAttributes('dana@example.com', 'BETA-R1') }), broken);

    expect(message).toBe('SIGN_UP_UNAVAILABLE: We could not complete your sign-up right now. Please try again shortly');
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'Trigger failed',
        error: expect.objectContaining({ name: 'ResourceNotFoundException' }),
      }),
    );
  });
});

describe('PreSignUp trigger as deployed (dependencies from the environment)', () => {
  type Module = typeof import('../../../lambdas/identity/pre-sign-up');
  const load = (): Module => {
    let loaded: Module | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<Module>('../../../lambdas/identity/pre-sign-up');
    });
    return loaded!;
  };
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads REGISTRATION_CODES_TABLE (and DYNAMODB_ENDPOINT locally)', async () => {
    Object.assign(process.env, {
      REGISTRATION_CODES_TABLE: dynamodb.tableNames.registrationCodes,
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      AWS_REGION: 'us-east-2',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
    const { handler } = load();
    await expect(handler(preSignUpEvent({ userAttributes: signUpAttributes('dana@example.com', 'beta-r1') }))).resolves.toBeDefined();
    await expect(handler(preSignUpEvent({ userAttributes: signUpAttributes('dana@example.com', 'NOPE-123') }))).rejects.toThrow(
      /^REGISTRATION_CODE_INVALID: /,
    );
  });

  it('refuses sign-ups (SIGN_UP_UNAVAILABLE) and logs the missing variable when its environment is incomplete', async () => {
    delete process.env.REGISTRATION_CODES_TABLE;
    const { handler } = load();
    await expect(handler(preSignUpEvent({ userAttributes: signUpAttributes('dana@example.com', 'BETA-R1') }))).rejects.toThrow(
      /^SIGN_UP_UNAVAILABLE: /,
    );
    expect(logs.text()).toContain('REGISTRATION_CODES_TABLE is not set');
  });
});
