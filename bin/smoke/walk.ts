import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { subscriptionsLookupId } from '../../lambdas/shared/domain/account-codes';
import { createCognitoClient } from '../../lambdas/shared/user-directory/cognito-user-directory';
import { createDocumentClient } from '../../lambdas/shared/dynamodb/document-client';
import { createSmokeUser, deleteSmokeUser, signIn, type SmokeUser, type SmokeUserServices } from './smoke-user';
import type { SmokeTarget } from './target';

/**
 * The walk through a live stage, as a visitor, a customer and an admin would: each step does one
 * thing and says what it saw; the first failure stops the walk; whatever the walk created is
 * removed afterwards, failure or not, and each removal is reported too.
 */

export interface SmokeOptions {
  /** Another API key for the contact form (e.g. to check a rotated key). @default the target's */
  readonly apiKey?: string;
  /** Where the lines go. */
  readonly write: (line: string) => void;
  /** Per HTTP request. @default 15 s */
  readonly timeoutMs?: number;
}

export interface SmokeResult {
  readonly ok: boolean;
  /** The title of the step that failed. */
  readonly failedStep?: string;
  /** Cleanups that failed (the walk is then a failure too). */
  readonly cleanupFailures: number;
}

interface Step {
  readonly title: string;
  readonly run: () => Promise<string>;
}

/** A failed check, with what was expected and what came back. */
class SmokeFailure extends Error {}

interface HttpAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

function json<T>(answer: HttpAnswer, what: string): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new SmokeFailure(`${what} answered ${answer.status} with something that is not JSON: ${snippet(answer.text)}`);
  }
}

function expectStatus(answer: HttpAnswer, status: number, what: string): void {
  if (answer.status !== status) throw new SmokeFailure(`${what} answered ${answer.status}, expected ${status}: ${snippet(answer.text)}`);
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Walks the target; resolves to the outcome (it never throws for a failed step). */
export async function runSmoke(target: SmokeTarget, options: SmokeOptions): Promise<SmokeResult> {
  const { write } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const runId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  const cleanups: { title: string; run: () => Promise<void> }[] = [];
  const services: SmokeUserServices = {
    cognito: createCognitoClient({ endpoint: target.cognitoEndpoint, region: target.region, credentials: target.credentials }),
    documents: createDocumentClient({ endpoint: target.dynamodbEndpoint, region: target.region, credentials: target.credentials }),
    userPoolId: target.userPoolId,
    usersTable: target.usersTable,
  };
  let user: SmokeUser | undefined;
  let idToken = '';

  const http = async (url: string, init: RequestInit = {}): Promise<HttpAnswer> => {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new SmokeFailure(
        `${init.method ?? 'GET'} ${url} failed: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`,
      );
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
  };

  const steps: Step[] = [
    {
      title: 'Web app: GET /',
      run: async () => {
        const answer = await http(target.webUrl);
        expectStatus(answer, 200, 'The web app');
        if (!/text\/html/.test(answer.contentType) || !/<!doctype html|<html/i.test(answer.text))
          throw new SmokeFailure(`The web app answered ${answer.contentType || 'no content type'} instead of the HTML page.`);
        return `200, ${answer.text.length} bytes of HTML`;
      },
    },
    {
      title: 'Runtime config: GET /config.json names this stage’s APIs',
      run: async () => {
        const answer = await http(new URL('config.json', target.webUrl).toString());
        expectStatus(answer, 200, 'config.json');
        const config = json<Record<string, unknown>>(answer, 'config.json');
        const mismatches = (
          [
            ['restApiUrl', withSlash(String(config.restApiUrl)), target.restUrl],
            ['graphqlUrl', config.graphqlUrl, target.graphqlUrl],
            ['graphqlApiKey', config.graphqlApiKey, target.graphqlApiKey],
            ['userPoolId', config.userPoolId, target.userPoolId],
          ] as const
        ).filter(([, actual, expected]) => actual !== expected);
        if (mismatches.length > 0)
          throw new SmokeFailure(
            `config.json disagrees with the stage: ${mismatches.map(([key, actual, expected]) => `${key} is ${String(actual)}, expected ${expected}`).join('; ')}`,
          );
        return `stage ${String(config.stage)}, REST, GraphQL and user pool match`;
      },
    },
    {
      title: 'Plans: GET /subscription/plans',
      run: async () => {
        const answer = await http(`${target.restUrl}subscription/plans`, { headers: { origin: target.webUrl.replace(/\/$/, '') } });
        expectStatus(answer, 200, 'The plans route');
        const plans = json<{ plans?: { code: string }[] }>(answer, 'The plans route').plans ?? [];
        if (plans.length === 0)
          throw new SmokeFailure('The plans route listed no plan: are the plans created in Recurly with this stage’s suffix?');
        return `${plans.length} plans: ${plans.map((plan) => plan.code).join(', ')}`;
      },
    },
    {
      title: 'Contact form: createContact with the API key',
      run: async () => {
        const answer = await http(target.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey ?? target.graphqlApiKey },
          body: JSON.stringify({
            query: 'mutation Smoke($input: CreateContactInput!) { createContact(input: $input) { id } }',
            variables: {
              input: {
                name: `Smoke test ${runId}`,
                email: `smoke+${runId}@example.com`,
                message: `Automated smoke test ${runId}; deleted by the test itself.`,
              },
            },
          }),
        });
        const body = json<{ data?: { createContact?: { id: string } | null }; errors?: { errorType?: string; message?: string }[] }>(
          answer,
          'AppSync',
        );
        const id = body.data?.createContact?.id;
        if (answer.status !== 200 || !id) {
          const error = body.errors?.[0];
          throw new SmokeFailure(
            `AppSync answered ${answer.status}: ${error ? `${error.errorType ?? 'error'}: ${error.message ?? ''}` : snippet(answer.text)}`,
          );
        }
        cleanups.push({
          title: `deleted the smoke contact ${id}`,
          run: async () => void (await services.documents.send(new DeleteCommand({ TableName: target.contactsTable, Key: { id } }))),
        });
        return `contact ${id} stored`;
      },
    },
    {
      title: 'Smoke user: created like an invitation, in the Admins group',
      run: async () => {
        user = await createSmokeUser(services, runId, (created) =>
          cleanups.push({ title: `removed the smoke user ${created.email}`, run: () => deleteSmokeUser(services, created) }),
        );
        return `${user.email} (${user.username})`;
      },
    },
    {
      title: 'Sign-in: the smoke user signs in',
      run: async () => {
        idToken = await signIn(
          services.cognito,
          { userPoolId: target.userPoolId, clientId: target.userPoolClientId, flow: target.signInFlow },
          user!,
        );
        return `id token received (${target.signInFlow === 'srp' ? 'SRP' : 'USER_PASSWORD_AUTH, cognito-local has no SRP'})`;
      },
    },
    {
      title: 'Subscriptions: GET /user/subscriptions/{id} as the user',
      run: async () => {
        const lookup = subscriptionsLookupId(target.productSlug, { id: user!.sub, subscriptionId: 'SubscriptionTBD' });
        const answer = await http(`${target.restUrl}user/subscriptions/${encodeURIComponent(lookup)}`, {
          headers: { authorization: idToken },
        });
        expectStatus(answer, 200, 'The subscriptions route');
        const body = json<{ subscriptions?: unknown[] }>(answer, 'The subscriptions route');
        if (!Array.isArray(body.subscriptions))
          throw new SmokeFailure(`The subscriptions route answered without a subscriptions list: ${snippet(answer.text)}`);
        return `${body.subscriptions.length} subscriptions (a new user has none)`;
      },
    },
    {
      title: 'Admin: POST /admin/user finds the smoke user',
      run: async () => {
        const answer = await http(`${target.restUrl}admin/user`, {
          method: 'POST',
          headers: { authorization: idToken, 'content-type': 'application/json' },
          body: JSON.stringify({ username: user!.email }),
        });
        expectStatus(answer, 200, 'The admin route');
        const body = json<{ cognito?: { username?: string; groups?: string[] }; user?: { id?: string } | null }>(answer, 'The admin route');
        if (body.cognito?.username !== user!.username || body.user?.id !== user!.sub)
          throw new SmokeFailure(`The admin route answered another user: ${snippet(answer.text)}`);
        return `groups ${(body.cognito.groups ?? []).join(', ')}, record found`;
      },
    },
  ];

  write(`Smoke test of ${target.name} (run ${runId})`);
  write(`  web ${target.webUrl}  REST ${target.restUrl}  GraphQL ${target.graphqlUrl}`);
  let failedStep: string | undefined;
  for (const [index, step] of steps.entries()) {
    const label = `${index + 1}/${steps.length} ${step.title}`;
    try {
      write(`✓ ${label}: ${await step.run()}`);
    } catch (error) {
      failedStep = step.title;
      write(`✗ ${label}: ${error instanceof SmokeFailure ? error.message : `${(error as Error).name}: ${(error as Error).message}`}`);
      break;
    }
  }

  let cleanupFailures = 0;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup.run();
      write(`  cleanup: ${cleanup.title}`);
    } catch (error) {
      cleanupFailures += 1;
      write(
        `✗ cleanup failed, do it by hand: ${cleanup.title.replace(/^(removed|deleted)/, (verb) => (verb === 'removed' ? 'remove' : 'delete'))} (${(error as Error).message})`,
      );
    }
  }
  const ok = failedStep === undefined && cleanupFailures === 0;
  write(
    ok
      ? `Smoke test of ${target.name} passed.`
      : `Smoke test of ${target.name} FAILED${failedStep ? ` at "${failedStep}"` : ' during cleanup'}.`,
  );
  return { ok, failedStep, cleanupFailures };
}
