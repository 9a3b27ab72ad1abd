/**
 * Bench section "data": do the user lookups stay flat as the table grows? `getUserByEmail` and
 * `listUsers(filter: { subscriptionId: { eq } })` through the local runtime's GraphQL API (the
 * real resolvers over dynalite), with 100 users and with 100,000 users. Two runtimes run side by
 * side and the calls alternate between them, so machine noise hits both sizes alike. A Scan with
 * a filter on email, as a naive lookup would do it, is measured beside them for contrast.
 */
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { postGraphql, startGraphqlRuntime, TEST_TOKENS } from '../local/support/local-services';
import { seedUsers, seededUser } from './data-seed';
import type { BenchFigure, BenchSection } from './section';
import { formatRatio, latencySummary, median, round } from './stats';

const SMALL = 100;
const LARGE = 100_000;
const CALLS = 1000;
const WARM_UP = 30;
const BUDGET_RATIO = 1.2;

type Runtime = Awaited<ReturnType<typeof startGraphqlRuntime>>;

const GET_USER_BY_EMAIL = 'query ($email: String!) { getUserByEmail(email: $email) { items { id email } nextToken } }';
const LIST_BY_SUBSCRIPTION = 'query ($id: String!) { listUsers(filter: { subscriptionId: { eq: $id } }) { items { id subscriptionId } nextToken } }';

interface Lookup {
  readonly name: string;
  /** One call for the n-th user; throws unless exactly that user came back. */
  call(runtime: Runtime, n: number): Promise<void>;
}

async function graphqlLookup(runtime: Runtime, query: string, variables: Record<string, unknown>, field: string, expectedId: string): Promise<void> {
  const answer = await postGraphql<{ data?: Record<string, { items: { id: string }[] }>; errors?: unknown }>(runtime.endpoints.graphqlUrl, query, {
    variables,
    headers: { authorization: TEST_TOKENS.admin },
  });
  const items = answer.body.data?.[field]?.items ?? [];
  if (answer.status !== 200 || items.length !== 1 || items[0].id !== expectedId) {
    throw new Error(`${field} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
}

/** Users among the first SMALL with a subscription of their own (present in both tables). */
const SUBSCRIBED = Array.from({ length: SMALL }, (_, n) => n).filter((n) => seededUser(n).subscriptionId?.startsWith('sub'));

const LOOKUPS: Lookup[] = [
  {
    name: 'getUserByEmail',
    call: (runtime, n) => {
      const user = seededUser(n);
      return graphqlLookup(runtime, GET_USER_BY_EMAIL, { email: user.email }, 'getUserByEmail', user.id);
    },
  },
  {
    name: 'listUsers by subscriptionId',
    call: (runtime, n) => {
      const user = seededUser(SUBSCRIBED[n % SUBSCRIBED.length]);
      return graphqlLookup(runtime, LIST_BY_SUBSCRIPTION, { id: user.subscriptionId }, 'listUsers', user.id);
    },
  },
];

/** The naive lookup: Scan the whole table with a filter on email (every page, as it must). */
async function scanLookup(client: DynamoDBClient, tableName: string, email: string): Promise<number> {
  let found = 0;
  let startKey: Record<string, never> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, FilterExpression: 'email = :email', ExpressionAttributeValues: { ':email': { S: email } }, ExclusiveStartKey: startKey }),
    );
    found += page.Count ?? 0;
    startKey = page.LastEvaluatedKey as Record<string, never> | undefined;
  } while (startKey);
  if (found !== 1) throw new Error(`the scan found ${found} records for ${email}`);
  return found;
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

export async function benchData(): Promise<BenchSection> {
  const small = await startGraphqlRuntime();
  const large = await startGraphqlRuntime();
  try {
    const table = small.endpoints.tables.users;
    console.log(`Seeding ${SMALL} and ${LARGE} users with BatchWriteItem…`);
    const seedStarted = performance.now();
    await seedUsers(small.dynamodb, table, 0, SMALL);
    await seedUsers(large.dynamodb, table, 0, LARGE, (written) => console.log(`  ${written} users`));
    const seedSeconds = round((performance.now() - seedStarted) / 1000);

    const figures: BenchFigure[] = [];
    const details: Record<string, unknown> = { seedSeconds, calls: CALLS, warmUp: WARM_UP };
    for (const lookup of LOOKUPS) {
      console.log(`${lookup.name}: ${CALLS} calls on each size, alternating…`);
      for (let i = 0; i < WARM_UP; i += 1) {
        await lookup.call(small, i % SMALL);
        await lookup.call(large, i % SMALL);
      }
      const timings = { small: [] as number[], large: [] as number[] };
      for (let i = 0; i < CALLS; i += 1) {
        const n = (i * 37) % SMALL;
        // Alternate who goes first, so neither size always follows the other.
        const order = i % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
        for (const size of order) timings[size].push(await timed(() => lookup.call(size === 'small' ? small : large, n)));
      }
      const s = latencySummary(timings.small);
      const l = latencySummary(timings.large);
      const ratio = l.p95Ms / s.p95Ms;
      figures.push({
        name: `${lookup.name} p95, ${LARGE.toLocaleString('en')} vs ${SMALL} users`,
        value: `${formatRatio(ratio)} (p95 ${l.p95Ms} ms vs ${s.p95Ms} ms; p50 ${l.p50Ms} ms vs ${s.p50Ms} ms)`,
        budget: `at most ${BUDGET_RATIO}x`,
        pass: ratio <= BUDGET_RATIO,
      });
      details[lookup.name] = { [SMALL]: s, [LARGE]: l };
    }

    console.log('Scan-based lookup for contrast…');
    const scanSmall: number[] = [];
    const scanLarge: number[] = [];
    for (let i = 0; i < 20; i += 1) scanSmall.push(await timed(() => scanLookup(small.dynamodb, table, seededUser(i).email)));
    for (let i = 0; i < 3; i += 1) scanLarge.push(await timed(() => scanLookup(large.dynamodb, table, seededUser(i).email)));
    const scanRatio = median(scanLarge) / median(scanSmall);
    figures.push({
      name: `Scan with a filter on email (naive lookup), ${LARGE.toLocaleString('en')} vs ${SMALL} users`,
      value: `${formatRatio(scanRatio)} (median ${round(median(scanLarge), 1)} ms vs ${round(median(scanSmall), 2)} ms)`,
      budget: '',
      pass: null,
      note: 'For contrast only: the product never scans on a request path (the lookups above are index queries). Direct SDK calls to dynalite, every page read.',
    });
    details.scan = { [SMALL]: latencySummary(scanSmall), [LARGE]: latencySummary(scanLarge) };
    return { id: 'data', title: 'Data: user lookups at 100 and 100,000 users', figures, details };
  } finally {
    await Promise.all([small.stop(), large.stop()]);
  }
}
