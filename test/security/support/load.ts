import { CALL_TIMEOUT_MS } from './fuzz-config';
import type { SecurityRuntime } from './security-runtime';

/**
 * A bounded open-loop load generator for loopback: requests start on a fixed schedule (rate per
 * second), whether or not earlier ones have answered, so a slow server shows up as latency and
 * errors instead of quietly lowering the rate. Hard caps on the number of requests and on the
 * time (every request is bounded, and in-flight requests get a fixed drain time). Used by the
 * jest load test (a short run, in hostile-input.test.ts) and by the bench (200 requests/s for 60 s).
 */

/** One kind of request in the mix. `send` resolves to an error description, or undefined when fine. */
export interface LoadKind {
  readonly name: string;
  /** Relative share of the mix. */
  readonly weight: number;
  send(signal: AbortSignal): Promise<string | undefined>;
}

export interface LoadOptions {
  readonly ratePerSecond: number;
  readonly durationMs: number;
  /** Never more than this many requests (default: rate × duration). */
  readonly maxRequests?: number;
  /** How long in-flight requests may take once the schedule is over. */
  readonly drainMs?: number;
}

export interface KindResult {
  readonly requests: number;
  readonly errors: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  /** Up to ten error descriptions, for the report. */
  readonly errorSamples: readonly string[];
  /** Requests started per second over the schedule. */
  readonly achievedRatePerSecond: number;
  readonly durationMs: number;
  readonly byKind: Readonly<Record<string, KindResult>>;
}

/** The `fraction` percentile (nearest rank) of sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** Kinds in a fixed, interleaved order by weight, so even a short run exercises every kind. */
function schedule(kinds: readonly LoadKind[]): LoadKind[] {
  const order: LoadKind[] = [];
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const credit = kinds.map(() => 0);
  for (let slot = 0; slot < total; slot += 1) {
    kinds.forEach((kind, index) => (credit[index] += kind.weight));
    const next = credit.indexOf(Math.max(...credit));
    credit[next] -= total;
    order.push(kinds[next]);
  }
  return order;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLoad(kinds: readonly LoadKind[], options: LoadOptions): Promise<LoadResult> {
  const planned = Math.min(options.maxRequests ?? Infinity, Math.round((options.ratePerSecond * options.durationMs) / 1000));
  const order = schedule(kinds);
  const latencies = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]));
  const errors = new Map<string, number>(kinds.map((kind) => [kind.name, 0]));
  const samples: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const startedAt = performance.now();
  let started = 0;

  const fire = (kind: LoadKind) => {
    const sentAt = performance.now();
    const request = kind
      .send(AbortSignal.timeout(CALL_TIMEOUT_MS))
      .catch((error: Error) => `${error.name}: ${error.message}`)
      .then((problem) => {
        latencies.get(kind.name)!.push(performance.now() - sentAt);
        if (problem) {
          errors.set(kind.name, errors.get(kind.name)! + 1);
          if (samples.length < 10) samples.push(`${kind.name}: ${problem}`.slice(0, 300));
        }
      });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };

  // Open loop: every tick starts whatever the schedule says is due by now.
  while (started < planned) {
    const due = Math.min(planned, Math.floor(((performance.now() - startedAt) * options.ratePerSecond) / 1000) + 1);
    while (started < due) fire(order[started++ % order.length]);
    await sleep(Math.max(1, Math.min(10, 1000 / options.ratePerSecond)));
  }
  const scheduleMs = performance.now() - startedAt;
  let drainTimer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(inFlight),
    new Promise((resolve) => (drainTimer = setTimeout(resolve, options.drainMs ?? CALL_TIMEOUT_MS + 1000))),
  ]);
  clearTimeout(drainTimer);

  const byKind: Record<string, KindResult> = {};
  for (const kind of kinds) {
    const sorted = [...latencies.get(kind.name)!].sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 10) / 10;
    byKind[kind.name] = {
      requests: sorted.length,
      errors: errors.get(kind.name)!,
      p50Ms: round(percentile(sorted, 0.5)),
      p95Ms: round(percentile(sorted, 0.95)),
      maxMs: round(sorted[sorted.length - 1] ?? 0),
    };
  }
  const unanswered = started - [...latencies.values()].reduce((sum, values) => sum + values.length, 0);
  if (unanswered > 0 && samples.length < 10) samples.push(`${unanswered} request(s) still unanswered after the drain time`);
  return {
    requests: started,
    errors: [...errors.values()].reduce((sum, count) => sum + count, 0) + unanswered,
    errorSamples: samples,
    achievedRatePerSecond: Math.round((started / (scheduleMs / 1000)) * 10) / 10,
    durationMs: Math.round(performance.now() - startedAt),
    byKind,
  };
}

async function restOk(response: Response): Promise<string | undefined> {
  const text = await response.text();
  return response.ok ? undefined : `${response.status} ${text.slice(0, 200)}`;
}

async function graphqlOk(response: Response, field: string): Promise<string | undefined> {
  const body = (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message?: string }[] };
  if (!response.ok || body.errors?.length || !body.data?.[field])
    return `${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 200)}`;
  return undefined;
}

/**
 * What visitors and signed-in recruiters do most: read the plans, look themselves up after
 * sign-in, read their subscriptions, send the contact form.
 */
export function productMix(rt: SecurityRuntime): LoadKind[] {
  const graphql = (headers: Record<string, string>, query: string, variables: Record<string, unknown>, signal: AbortSignal) =>
    fetch(rt.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
      signal,
    });
  let contacts = 0;
  return [
    {
      name: 'GET /subscription/plans',
      weight: 30,
      send: async (signal) => restOk(await fetch(`${rt.restUrl}/subscription/plans`, { signal })),
    },
    {
      name: 'getUserByEmail (signed in)',
      weight: 30,
      send: async (signal) =>
        graphqlOk(
          await graphql(
            { authorization: rt.member.accessToken },
            'query Q($email: String!) { getUserByEmail(email: $email) { items { id email companyName subscriptionId } nextToken } }',
            { email: rt.member.email },
            signal,
          ),
          'getUserByEmail',
        ),
    },
    {
      name: 'GET /user/subscriptions/{id} (signed in)',
      weight: 25,
      send: async (signal) =>
        restOk(
          await fetch(`${rt.restUrl}/user/subscriptions/code-talentpilot-${rt.member.sub}`, {
            headers: { authorization: rt.member.idToken },
            signal,
          }),
        ),
    },
    {
      name: 'createContact (API key)',
      weight: 15,
      send: async (signal) =>
        graphqlOk(
          await graphql(
            { 'x-api-key': rt.apiKey },
            'mutation M($input: CreateContactInput!) { createContact(input: $input) { id } }',
            {
              input: {
                name: 'Lee Park',
                email: 'lee@harborstaffing.example',
                message: `Load test message ${(contacts += 1)}: please call me about the enterprise plan.`,
              },
            },
            signal,
          ),
          'createContact',
        ),
    },
  ];
}
