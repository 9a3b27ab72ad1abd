import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { SAMPLE_JOBS } from '../../../lambdas/assistant/samples/sample-jobs';
import { signUpUserAttributes } from '../../../lambdas/shared/registration-codes/sign-up-contract';
import { ATS_DEMO_CREDENTIALS } from '../../../local/ats/ats-stand-ins';
import { LOCAL_AWS_CREDENTIALS } from '../../../local/dynamodb/client';
import { REPO_ROOT } from '../../../local/paths';
import { startLocalRuntime, type LocalRuntime } from '../../../local/runtime';
import { CALL_TIMEOUT_MS, SECURITY_DEMO_CLOSED_APPLICATIONS } from './fuzz-config';
import { syncUntilComplete } from '../../support/ats-sync';

/**
 * The whole local runtime (REST handlers, resolvers, cognito-local with its triggers, dynalite in
 * memory, the ATS stand-ins) on free ports, with signed-in callers: the seeded admin and two
 * members who signed up through the real invitation flow. Shared by the fuzz tests, the load
 * test and the bench.
 */

/** One signed-in person: the id token for REST (API Gateway's authorizer), the access token for GraphQL (as Amplify sends). */
export interface SignedInCaller {
  readonly email: string;
  readonly password: string;
  readonly sub: string;
  readonly idToken: string;
  readonly accessToken: string;
}

export interface SecurityRuntime {
  readonly runtime: LocalRuntime;
  readonly restUrl: string;
  readonly graphqlUrl: string;
  readonly apiKey: string;
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** `GET` on it lists the emails Cognito would have sent, newest first. */
  readonly outboxUrl: string;
  /** A seeded registration code that admits sign-ups (no limit, no expiry). */
  readonly registrationCode: string;
  readonly admin: SignedInCaller;
  /** The member most calls are made as. */
  readonly member: SignedInCaller;
  /** Someone else: their data must stay out of the member's reach. */
  readonly otherMember: SignedInCaller;
  /** The seeded demo recruiter: a subscriber with the sample jobs (the assistant's routes need a subscription). */
  readonly subscriber: SignedInCaller;
  /** The subscriber's assistant data the fuzzers refer to: a saved job and its screening questions. */
  readonly assistant: { readonly jobId: string; readonly screeningResultId: string; readonly questionIds: readonly string[] };
  /** The subscriber's ATS: the local fake Workable, connected with its demo token and synced; `jobId` has active applications. */
  readonly ats: { readonly atsname: string; readonly jobId: string; readonly jobIds: readonly string[] };
  stop(): Promise<void>;
}

/** A contact message every run finds (getContact reads it). */
export const SEEDED_CONTACT_ID = 'seeded-contact-1';

/**
 * Bundles and the resolver lint cache, kept between runs (a warm start is a few seconds). One
 * folder per checkout: containers load their bundle file when first invoked, and with one folder
 * for every worktree on the machine another checkout's runtime could rewrite it in between (a
 * fuzz run once got another branch's handlers and their 500s).
 */
const BUILD_DIR = path.join(os.tmpdir(), `talentpilot-security-build-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}`);
const FREE_PORTS = { web: 0, rest: 0, graphql: 0, dynamodb: 0, cognito: 0, lambda: 0 };

interface OutboxEntry {
  readonly to: string;
  readonly code?: string;
}

/** The newest emailed code for `to`. */
export async function latestEmailedCode(outboxUrl: string, to: string): Promise<string> {
  const messages = (await (await fetch(outboxUrl, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })).json()) as OutboxEntry[];
  const code = messages.find((message) => message.to.toLowerCase() === to.toLowerCase() && message.code)?.code;
  if (!code) throw new Error(`No emailed code for ${to}`);
  return code;
}

async function signIn(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  email: string,
  password: string,
): Promise<AuthenticationResultType> {
  const { AuthenticationResult } = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.IdToken || !AuthenticationResult.AccessToken) throw new Error(`No tokens for ${email}`);
  return AuthenticationResult;
}

function callerOf(email: string, password: string, tokens: AuthenticationResultType): SignedInCaller {
  const claims = JSON.parse(Buffer.from(tokens.IdToken!.split('.')[1], 'base64url').toString('utf8')) as { sub: string };
  return { email, password, sub: claims.sub, idToken: tokens.IdToken!, accessToken: tokens.AccessToken! };
}

/** Signs a person up with a registration code, confirms the emailed code and signs in. */
async function signedUpMember(
  cognito: CognitoIdentityProviderClient,
  context: { clientId: string; outboxUrl: string; registrationCode: string },
  person: { email: string; firstName: string; lastName: string; companyName: string },
): Promise<SignedInCaller> {
  const password = 'member password 1';
  const attributes = signUpUserAttributes({ ...person, registrationCode: context.registrationCode });
  await cognito.send(
    new SignUpCommand({
      ClientId: context.clientId,
      Username: person.email,
      Password: password,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
  const code = await latestEmailedCode(context.outboxUrl, person.email);
  await cognito.send(new ConfirmSignUpCommand({ ClientId: context.clientId, Username: person.email, ConfirmationCode: code }));
  return callerOf(person.email, password, await signIn(cognito, context.clientId, person.email, password));
}

/** A message sent through the public contact form, as the web app sends it. */
async function seedContact(runtime: LocalRuntime): Promise<void> {
  const response = await fetch(runtime.endpoints.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': runtime.endpoints.graphqlApiKey },
    body: JSON.stringify({
      query: 'mutation M($input: CreateContactInput!) { createContact(input: $input) { id } }',
      variables: {
        input: {
          id: SEEDED_CONTACT_ID,
          name: 'Omar Reyes',
          email: 'omar@talentbridge.example',
          message: 'Please call me about the R2 plan.',
        },
      },
    }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (body.errors) throw new Error(`Seeding a contact failed: ${JSON.stringify(body.errors)}`);
}

/** The demo recruiter's first sample job, and screening questions for it (evaluations refer to them). */
async function seedScreeningQuestions(runtime: LocalRuntime, subscriber: SignedInCaller): Promise<SecurityRuntime['assistant']> {
  const jobId = SAMPLE_JOBS[0].id;
  const response = await fetch(`${runtime.endpoints.restUrl}/assistant/screening-questions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: subscriber.idToken },
    body: JSON.stringify({ jobId }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = (await response.json()) as { result?: { id: string; output: { questions: { id: string }[] } } };
  if (response.status !== 200 || !body.result)
    throw new Error(`Seeding screening questions failed: ${response.status} ${JSON.stringify(body)}`);
  return { jobId, screeningResultId: body.result.id, questionIds: body.result.output.questions.map((question) => question.id) };
}

/** The demo recruiter connects the fake Workable (a small account: each fuzz run's undo stays cheap) and syncs it. */
async function seedAtsConnection(runtime: LocalRuntime, subscriber: SignedInCaller): Promise<SecurityRuntime['ats']> {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${runtime.endpoints.restUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: subscriber.idToken },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS * 2),
    });
    const answer = (await response.json()) as T;
    if (response.status !== 200)
      throw new Error(`Seeding the ATS failed on ${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return answer;
  };
  const credentials = ATS_DEMO_CREDENTIALS.workable;
  await call('POST', '/ats/connection', credentials);
  await syncUntilComplete(() => call<{ outcome: string }>('POST', '/ats/sync'), { maxCalls: 5, what: 'Seeding the ATS failed' });
  const { jobs } = await call<{ jobs: { id: string; activeApplications: number }[] }>('GET', '/ats/jobs');
  const active = jobs.find((job) => job.activeApplications > 0);
  if (!active) throw new Error('Seeding the ATS failed: no synced job has active applications');
  return { atsname: credentials.atsname, jobId: active.id, jobIds: jobs.map((job) => job.id) };
}

/** Starts the runtime and signs the callers in. `stop()` stops everything. */
export async function startSecurityRuntime(): Promise<SecurityRuntime> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // The assistant's rate limit (30 a minute) would refuse most fuzz and load calls: raised here.
  const runtime = await startLocalRuntime({
    inMemory: true,
    ports: FREE_PORTS,
    webDistDir: false,
    buildDir: BUILD_DIR,
    assistantRateLimitPerMinute: 100_000,
    warmFunctions: false,
    demoClosedApplications: SECURITY_DEMO_CLOSED_APPLICATIONS,
  });
  const cognito = new CognitoIdentityProviderClient({
    endpoint: String(runtime.endpoints.cognitoEndpoint),
    region: runtime.endpoints.region,
    credentials: LOCAL_AWS_CREDENTIALS,
    maxAttempts: 1,
  });
  try {
    const seed = runtime.endpoints.seed as {
      adminEmail: string;
      adminPassword: string;
      demoEmail: string;
      demoPassword: string;
      registrationCodes: { code: string }[];
    };
    const clientId = String(runtime.endpoints.userPoolClientId);
    const outboxUrl = String(runtime.endpoints.outboxEndpoint);
    const registrationCode = seed.registrationCodes[0].code;
    const context = { clientId, outboxUrl, registrationCode };
    const admin = callerOf(seed.adminEmail, seed.adminPassword, await signIn(cognito, clientId, seed.adminEmail, seed.adminPassword));
    const member = await signedUpMember(cognito, context, {
      email: 'dana.reyes@northbridge.example',
      firstName: 'Dana',
      lastName: 'Reyes',
      companyName: 'Northbridge Staffing',
    });
    const otherMember = await signedUpMember(cognito, context, {
      email: 'lee.park@harbor.example',
      firstName: 'Lee',
      lastName: 'Park',
      companyName: 'Harbor Talent',
    });
    const subscriber = callerOf(seed.demoEmail, seed.demoPassword, await signIn(cognito, clientId, seed.demoEmail, seed.demoPassword));
    const assistant = await seedScreeningQuestions(runtime, subscriber);
    const ats = await seedAtsConnection(runtime, subscriber);
    await seedContact(runtime);
    return {
      runtime,
      restUrl: runtime.endpoints.restUrl,
      graphqlUrl: runtime.endpoints.graphqlUrl,
      apiKey: runtime.endpoints.graphqlApiKey,
      cognito,
      userPoolId: String(runtime.endpoints.userPoolId),
      userPoolClientId: clientId,
      outboxUrl,
      registrationCode,
      admin,
      member,
      otherMember,
      subscriber,
      assistant,
      ats,
      stop: async () => {
        cognito.destroy();
        await runtime.stop();
      },
    };
  } catch (error) {
    cognito.destroy();
    await runtime.stop();
    throw error;
  }
}

/**
 * Starts one security runtime before the calling test file's tests and stops it after them
 * (jest's beforeAll/afterAll); the returned function gives the running runtime inside tests.
 */
export function useSecurityRuntime(): () => SecurityRuntime {
  let runtime: SecurityRuntime | undefined;
  beforeAll(async () => {
    runtime = await startSecurityRuntime();
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
  });
  return () => {
    if (!runtime) throw new Error('The security runtime is not running: call it inside a test.');
    return runtime;
  };
}
