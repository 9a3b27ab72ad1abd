import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import {
  ATS_CONTRACT_KEY_TYPES,
  ATS_CONTRACT_NAMES,
  type AtsConnectionResponse,
  type AtsSyncResponse,
  type AtsTestResponse,
} from '../../../lambdas/shared/contracts/ats';
import { ATS_DEMO_CREDENTIALS } from '../../../local/ats/ats-stand-ins';
import { restAnswerProblem, send, type HttpAnswer } from './answer-checks';
import { assistantCaller, percentEncode, restHeaders, type RestCaller } from './callers';
import { withoutOwnActivity } from './fuzz-assistant';
import type { CallVerdict, FuzzEntryPoint } from './fuzz-runner';
import { contentType, hostileBody, hostileField, hostileRecord, hostileString, INJECTION_STRINGS, wrongTypeValue } from './hostile-values';
import type { SecurityRuntime } from './security-runtime';
import type { ItemChange } from './table-snapshot';

/**
 * The ATS routes as fuzz entry points, called mostly as the seeded demo recruiter, whose fake
 * Workable is connected and synced (security-runtime.ts), so validation, the vault, the
 * connectors and the sync are all reached. Besides the shared checks, every answer must hold no
 * ATS key in the clear (demo keys, keys the call sent) and no sealed value; an accepted call may
 * store only what its route owns, in the caller's own records, with keys sealed. Placeholders
 * stand for the subscriber's synced jobs: `own-ats-job` (one with active applications) and
 * `own-idle-ats-job` (another).
 */

type Body = { readonly text: string; readonly contentType: string | undefined };
type Input = { readonly caller: RestCaller; readonly headers: Readonly<Record<string, string>> };

const OWN_JOB = 'own-ats-job';
const OWN_IDLE_JOB = 'own-idle-ats-job';
const MASK = '\u2022\u2022\u2022\u2022';
const SEALED_PREFIX = 'enc:v1:';
const DEMO = Object.values(ATS_DEMO_CREDENTIALS);
/** What no answer may hold: every demo key (Workable's subdomain too: it is sealed like a key). */
const DEMO_SECRETS = DEMO.flatMap((credentials) =>
  credentials.apikey2 ? [credentials.apikey1, credentials.apikey2] : [credentials.apikey1],
);
/** The User record's ATS fields. */
const ATS_USER_FIELDS = ['atsname', 'apikeytype', 'apikey1', 'apikey2'];

function withOwnIds(rt: SecurityRuntime, text: string): string {
  const idle = rt.ats.jobIds.find((id) => id !== rt.ats.jobId) ?? rt.ats.jobId;
  return text.replaceAll(OWN_IDLE_JOB, idle).replaceAll(OWN_JOB, rt.ats.jobId);
}

/** Every string of a JSON answer (keys too), or its text. */
function answerStrings(answer: HttpAnswer): string[] {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        strings.push(key);
        walk(item);
      }
    }
  };
  if (answer.json === undefined) strings.push(answer.text);
  else walk(answer.json);
  return strings;
}

/** Which key `strings` give away in the clear: a demo key, or a key the call sent (8 characters or more). */
function keyIn(strings: readonly string[], sentKeys: readonly string[]): string | undefined {
  for (const text of strings) {
    const key = [...DEMO_SECRETS, ...sentKeys.filter((sent) => sent.length >= 8)].find((secret) => text.includes(secret));
    if (key !== undefined) return `the key ${JSON.stringify(key.slice(0, 40))} in the clear: ${JSON.stringify(text.slice(0, 200))}`;
  }
  return undefined;
}

/** {@link keyIn}, or a sealed value: what no answer may hold. */
function secretIn(strings: readonly string[], sentKeys: readonly string[]): string | undefined {
  const sealed = strings.find((text) => text.includes(SEALED_PREFIX));
  return sealed !== undefined ? `a sealed value: ${JSON.stringify(sealed.slice(0, 200))}` : keyIn(strings, sentKeys);
}

/** Printable ASCII header values (fetch refuses the rest), for headers that try to speak for someone. */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 200 }),
  fc.constantFrom(...INJECTION_STRINGS.filter((text) => /^[\x20-\x7e]*$/.test(text)), 'demo@talentpilot.local', 'Admins'),
);
const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'origin',
    'x-forwarded-for',
    'x-user-id',
    'x-amzn-oidc-identity',
    'x-api-key',
    'cookie',
    'accept',
    'x-http-method-override',
  ),
  headerText,
  { maxKeys: 3 },
);
const caller = { caller: assistantCaller, headers: extraHeaders };

async function atsCall(
  rt: SecurityRuntime,
  method: 'GET' | 'POST',
  path: string,
  input: Input & { readonly body?: Body },
  options: { readonly sentKeys?: readonly string[]; readonly accepted?: (json: never) => string | undefined } = {},
): Promise<CallVerdict> {
  const headers: Record<string, string> = { ...input.headers, ...restHeaders(rt, input.caller) };
  if (input.body?.contentType) headers['content-type'] = input.body.contentType;
  const answer = await send(`${rt.restUrl}${withOwnIds(rt, path)}`, {
    method,
    headers,
    body: method === 'POST' && input.body ? withOwnIds(rt, input.body.text) : undefined,
  });
  const accepted = answer.status >= 200 && answer.status < 300;
  const leak = secretIn(answerStrings(answer), options.sentKeys ?? []);
  const problem =
    restAnswerProblem(answer) ??
    (leak ? `The answer (${answer.status}) gives away ${leak}` : undefined) ??
    (accepted ? options.accepted?.(answer.json as never) : undefined);
  return { answer, problem, accepted };
}

const queryOf = (pairs: readonly (readonly [string, string])[]) =>
  pairs.length > 0 ? `?${pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&')}` : '';
/** Query strings a route without parameters must ignore or refuse. */
const strayQuery = fc.array(
  fc
    .tuple(hostileString(fc.constantFrom('userId', 'atsname', 'jobId')), hostileString(fc.constantFrom('other', OWN_JOB)))
    .filter(([name, value]) => name.length + value.length < 2000),
  { maxLength: 3 },
);
/** Bodies a route without input must ignore (or refuse): a connect request included. */
const strayBody = hostileBody(
  fc.oneof(hostileRecord({ atsname: hostileField(fc.constantFrom('greenhouse')), userId: hostileField() }), fc.constantFrom(...DEMO)),
);

/** Differing fields of two versions of a record. */
function changedFields(change: ItemChange): string[] {
  const before = change.before ?? {};
  const after = change.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !isDeepStrictEqual(before[field], after[field]));
}

const ownerOf = (change: ItemChange) => (change.before ?? change.after)?.[change.table === 'users' ? 'id' : 'userId'];
const itemIdOf = (change: ItemChange) => String((change.before ?? change.after)?.itemId);

/**
 * The stored-change rules every ATS route shares: only the subscriber's own items, no key in the
 * clear anywhere (nor sealed outside the User record), and (when given) the User record's ATS
 * fields changed as `userRecord` requires.
 */
function ownChangesProblem(
  rt: SecurityRuntime,
  allChanges: readonly ItemChange[],
  allowedAts: (change: ItemChange) => boolean,
  userRecord?: (change: ItemChange) => string | undefined,
  sentKeys: readonly string[] = [],
): string | undefined {
  // Connect, test, sync and disconnect append to the caller's own firm's activity log (issue 18), never a key.
  const entries = allChanges.flatMap((change) => (change.table === 'activity' && change.after ? [JSON.stringify(change.after)] : []));
  const changes = withoutOwnActivity(rt, allChanges);
  const strangers = changes.filter((change) => !['users', 'ats'].includes(change.table) || ownerOf(change) !== rt.subscriber.sub);
  if (strangers.length > 0) return `An accepted call stored outside the caller's own records: ${JSON.stringify(strangers).slice(0, 500)}`;
  const ats = changes.filter((change) => change.table === 'ats' && !allowedAts(change));
  if (ats.length > 0) return `An accepted call stored ATS items it should not: ${JSON.stringify(ats).slice(0, 500)}`;
  const users = changes.filter((change) => change.table === 'users');
  if (!userRecord && users.length > 0) return `An accepted call changed the User record: ${JSON.stringify(users).slice(0, 500)}`;
  if (userRecord) {
    if (users.length !== 1) return `Expected the caller's User record changed once, got: ${JSON.stringify(users).slice(0, 500)}`;
    const stray = changedFields(users[0]).filter((field) => ![...ATS_USER_FIELDS, 'updatedAt'].includes(field));
    if (stray.length > 0) return `An accepted call changed User fields beyond the ATS ones (${stray.join(', ')})`;
    const problem = userRecord(users[0]);
    if (problem) return problem;
  }
  const stored = (table: string) =>
    changes.flatMap((change) => (change.table === table && change.after ? [JSON.stringify(change.after)] : []));
  const leak = keyIn([...stored('users'), ...stored('ats'), ...entries], sentKeys) ?? secretIn([...stored('ats'), ...entries], []);
  return leak ? `An accepted call stored ${leak}` : undefined;
}

export const getConnection: FuzzEntryPoint<Input & { query: [string, string][] }> = {
  name: 'GET /ats/connection',
  writes: [],
  input: fc.record({ ...caller, query: strayQuery }),
  call: (rt, input) =>
    atsCall(rt, 'GET', `/ats/connection${queryOf(input.query)}`, input, {
      accepted: ({ connection }: AtsConnectionResponse) =>
        connection?.atsname === rt.ats.atsname && connection.apikey1.startsWith(MASK)
          ? undefined
          : `The saved connection is not shown masked: ${JSON.stringify(connection)}`,
    }),
};

/** Keys a recruiter may paste: wrong ones, masks, sealed values, and keys that cannot be one. */
const KEYS = [
  'greenhouse-local-demo-0000',
  'WORKABLE-LOCAL-DEMO-5164',
  `${MASK}5164`,
  `${MASK}4821`,
  MASK,
  `${MASK}xxxx`,
  ` ${ATS_DEMO_CREDENTIALS.greenhouse.apikey1}\n`,
  `${ATS_DEMO_CREDENTIALS.lever.apikey1}\u0000`,
  `${ATS_DEMO_CREDENTIALS.crelate.apikey1} and more`,
  `${ATS_DEMO_CREDENTIALS.workable.apikey1}\r\nX-Injected: 1`,
  'lever-local-\u200bdemo-3907',
  'enc:v1:local:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:4821',
  'k'.repeat(512),
  'k'.repeat(513),
  `${ATS_DEMO_CREDENTIALS.workable.apikey1}${'x'.repeat(1_000)}`,
  'ключ-local-demo-1234',
];
/** Second credentials: Workable subdomains good and bad (not a DNS label, a URL, another host), masks, nothing. */
const SECONDS = [
  ATS_DEMO_CREDENTIALS.workable.apikey2,
  'GROOVE-TECH',
  'https://groove-tech.workable.com/jobs',
  'groove_tech',
  '-groove-tech',
  'a'.repeat(64),
  'groove.tech',
  '127.0.0.1',
  'localhost:8080',
  'groove-tech/../admin',
  'evil.example/@groove-tech',
  'other-account',
  MASK,
  '',
  null,
  undefined,
];
/** A demo connection with one thing changed: the key type, a key, the second credential or the ATS. */
const demoVariant = fc
  .tuple(
    fc.constantFrom(...DEMO),
    fc.oneof(
      fc.record({ apikeytype: fc.constantFrom<string>(...ATS_CONTRACT_KEY_TYPES) }),
      fc.record({ apikey1: fc.constantFrom(...KEYS) }),
      // Another ATS's demo key: the right shape, refused by this ATS (a 401 the answer must explain).
      fc.record({ apikey1: fc.constantFrom(...DEMO.map((demo) => demo.apikey1)) }),
      fc.record({ apikey2: fc.constantFrom(...SECONDS) }),
      fc.record({ atsname: fc.constantFrom<string>(...ATS_CONTRACT_NAMES, 'Greenhouse', 'workable ') }),
    ),
  )
  .map(([demo, change]) => ({ ...demo, ...change }));
/** Demo connections with keys no contract knows, prototype-polluting ones included, as raw JSON. */
const pollutedDemo = fc
  .tuple(
    fc.constantFrom(...DEMO),
    fc.constantFrom(
      '"__proto__":{"apikeytype":"basic","isAdmin":true}',
      '"constructor":{"prototype":{"apikey1":"x"}}',
      '"userId":"someone-else"',
      '"atsname":"lever"',
    ),
  )
  .map(([demo, extra]) => `${JSON.stringify(demo).slice(0, -1)},${extra}}`);

const plausibleConnect = fc.oneof(
  { arbitrary: fc.constantFrom(...DEMO).map((demo) => JSON.stringify(demo)), weight: 3 },
  { arbitrary: demoVariant.map((connect) => JSON.stringify(connect)), weight: 4 },
  { arbitrary: pollutedDemo, weight: 1 },
);

function parsedOrNull<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The keys a connect request sent (trimmed, as the vault reads them), masks aside. */
function sentKeysOf(text: string): string[] {
  const body = parsedOrNull<Record<string, unknown>>(text);
  return [body?.apikey1, body?.apikey2].flatMap((key) => (typeof key === 'string' && !key.trim().startsWith(MASK) ? [key.trim()] : []));
}

export const connectAts: FuzzEntryPoint<Input & { body: Body }> = {
  name: 'POST /ats/connection',
  writes: ['users', 'ats', 'activity'],
  input: fc.record({
    ...caller,
    body: fc.oneof(
      { arbitrary: fc.record({ text: plausibleConnect, contentType }), weight: 4 },
      {
        arbitrary: hostileBody(
          hostileRecord({
            atsname: hostileField(fc.constantFrom(...ATS_CONTRACT_NAMES)),
            apikeytype: hostileField(fc.constantFrom(...ATS_CONTRACT_KEY_TYPES)),
            apikey1: hostileField(fc.constantFrom(...DEMO.map((demo) => demo.apikey1), ...KEYS)),
            apikey2: fc.oneof(
              hostileField(fc.constantFrom(...SECONDS.filter((second): second is string => typeof second === 'string'))),
              fc.constant(null),
            ),
          }),
        ),
        weight: 3,
      },
    ),
  }),
  call: (rt, input) =>
    atsCall(rt, 'POST', '/ats/connection', input, {
      sentKeys: sentKeysOf(input.body.text),
      accepted: ({ connection }: AtsConnectionResponse) =>
        connection?.apikey1.startsWith(MASK) && (connection.apikey2 === null || connection.apikey2.startsWith(MASK))
          ? undefined
          : `The saved connection is not answered masked: ${JSON.stringify(connection)}`,
    }),
  // The caller's record holds the answered ATS with sealed keys; their partition its details (and,
  // for another ATS than the synced one, none of the synced data).
  checkStored: (rt, input, verdict, changes) => {
    const connection = (verdict.answer.json as AtsConnectionResponse).connection!;
    const otherAts = connection.atsname !== rt.ats.atsname;
    const meta = changes.find((change) => change.table === 'ats' && itemIdOf(change) === 'connection#meta');
    if (meta?.after?.atsname !== connection.atsname)
      return `The connection's details do not name ${connection.atsname}: ${JSON.stringify(meta)}`;
    return ownChangesProblem(
      rt,
      changes,
      (change) => change === meta || (otherAts && (change.kind === 'removed' || itemIdOf(change) === 'sync#status')),
      ({ after }) => {
        if (after?.atsname !== connection.atsname || after.apikeytype !== connection.apikeytype)
          return `The record does not hold the answered connection: ${JSON.stringify(after).slice(0, 300)}`;
        const unsealed = ['apikey1', 'apikey2'].filter(
          (field) => after[field] !== undefined && !String(after[field]).startsWith(SEALED_PREFIX),
        );
        return typeof after.apikey1 !== 'string' || unsealed.length > 0
          ? `A key was stored unsealed (${unsealed.join(', ') || 'apikey1 missing'})`
          : undefined;
      },
      sentKeysOf(input.body.text),
    );
  },
};

export const testConnection: FuzzEntryPoint<Input & { body: Body }> = {
  name: 'POST /ats/connection/test',
  writes: ['users', 'ats', 'activity'],
  input: fc.record({ ...caller, body: strayBody }),
  call: (rt, input) =>
    atsCall(rt, 'POST', '/ats/connection/test', input, {
      accepted: (answer: AtsTestResponse) =>
        answer.ok === true ? undefined : `The healthy fake ${rt.ats.atsname} failed the test: ${JSON.stringify(answer).slice(0, 300)}`,
    }),
  // A passed test records itself on the connection's details, and nothing else.
  checkStored: (rt, _input, _verdict, changes) => {
    const [meta, ...more] = withoutOwnActivity(rt, changes);
    if (!meta || more.length > 0 || itemIdOf(meta) !== 'connection#meta' || meta.kind !== 'changed')
      return `Expected the test recorded on the connection's details, got: ${JSON.stringify(changes).slice(0, 500)}`;
    const stray = changedFields(meta).filter((field) => !['accountName', 'lastTestedAt'].includes(field));
    return stray.length > 0 ? `A test changed ${stray.join(', ')}` : ownChangesProblem(rt, changes, () => true);
  },
};

export const removeConnection: FuzzEntryPoint<Input & { body: Body }> = {
  name: 'POST /ats/connection/remove',
  writes: ['users', 'ats', 'activity'],
  input: fc.record({ ...caller, body: strayBody }),
  call: (rt, input) =>
    atsCall(rt, 'POST', '/ats/connection/remove', input, {
      accepted: ({ connection }: AtsConnectionResponse) =>
        connection === null ? undefined : `A removal answered a connection: ${JSON.stringify(connection)}`,
    }),
  // The record's ATS fields and the caller's whole partition go (the status item keeps its key only).
  checkStored: (rt, _input, _verdict, changes) =>
    ownChangesProblem(
      rt,
      changes,
      (change) =>
        change.kind === 'removed' ||
        (itemIdOf(change) === 'sync#status' && Object.keys(change.after ?? {}).every((field) => ['userId', 'itemId'].includes(field))),
      ({ after }) => {
        const left = ATS_USER_FIELDS.filter((field) => after?.[field] !== undefined);
        return left.length > 0 ? `A removal left ${left.join(', ')} on the record` : undefined;
      },
    ),
};

export const syncAts: FuzzEntryPoint<Input & { body: Body }> = {
  name: 'POST /ats/sync',
  writes: ['users', 'ats', 'activity'],
  input: fc.record({ ...caller, body: strayBody }),
  call: (rt, input) =>
    atsCall(rt, 'POST', '/ats/sync', input, {
      accepted: ({ outcome }: AtsSyncResponse) =>
        outcome === 'complete' ? undefined : `A sync of the healthy fake ${rt.ats.atsname} ended ${outcome}`,
    }),
  // A sync writes synced records, checkpoints and its status in the caller's partition only.
  checkStored: (rt, _input, _verdict, changes) =>
    ownChangesProblem(
      rt,
      changes,
      (change) => /^(job|candidate|application|checkpoint)#/.test(itemIdOf(change)) || itemIdOf(change) === 'sync#status',
    ),
};

export const listJobs: FuzzEntryPoint<Input & { query: [string, string][] }> = {
  name: 'GET /ats/jobs',
  writes: [],
  input: fc.record({ ...caller, query: strayQuery }),
  call: (rt, input) =>
    atsCall(rt, 'GET', `/ats/jobs${queryOf(input.query)}`, input, {
      accepted: ({ jobs }: { jobs: { id: string }[] }) =>
        isDeepStrictEqual(jobs.map((job) => job.id).sort(), [...rt.ats.jobIds].sort())
          ? undefined
          : `Answered other jobs than the synced ones: ${JSON.stringify(jobs).slice(0, 300)}`,
    }),
};

/** Job ids: the caller's synced ones, ids of the other fakes' jobs, wrong case, hostile text. */
const jobId = hostileString(
  fc.constantFrom(OWN_JOB, OWN_IDLE_JOB, '4100001', 'j1000000-0000-4000-8000-000000000001', 'GROOV999', 'groov003', `${OWN_JOB}:x`),
  { huge: false },
);
const ownJob = (rt: SecurityRuntime, sent: unknown) => typeof sent === 'string' && rt.ats.jobIds.includes(sent);

export const listCandidates: FuzzEntryPoint<Input & { query: [string, string][] }> = {
  name: 'GET /ats/candidates',
  writes: [],
  input: fc.record({
    ...caller,
    query: fc.oneof(
      { arbitrary: fc.constantFrom<[string, string][]>([['jobId', OWN_JOB]], [['jobId', OWN_IDLE_JOB]]), weight: 2 },
      { arbitrary: jobId.map((id): [string, string][] => [['jobId', id]]), weight: 3 },
      {
        arbitrary: fc.array(
          fc
            .tuple(hostileString(fc.constantFrom('jobId', 'jobid', 'limit', 'userId')), jobId)
            .filter(([name, value]) => name.length + value.length < 2000),
          { maxLength: 3 },
        ),
        weight: 2,
      },
    ),
  }),
  call: (rt, input) =>
    atsCall(rt, 'GET', `/ats/candidates${queryOf(input.query)}`, input, {
      accepted: ({ candidates }: { candidates: unknown[] }) => {
        // A repeated parameter: API Gateway passes the last value.
        const sent = input.query.filter(([name]) => name === 'jobId').map(([, value]) => withOwnIds(rt, value));
        return ownJob(rt, sent.at(-1)) && candidates.length <= 100
          ? undefined
          : `Candidates answered for a job the caller does not have (${JSON.stringify(sent).slice(0, 200)})`;
      },
    }),
};

export const predictPlacements: FuzzEntryPoint<Input & { body: Body }> = {
  name: 'POST /ats/predict',
  writes: [],
  input: fc.record({
    ...caller,
    body: fc.oneof(
      {
        arbitrary: hostileBody(
          hostileRecord({ jobId: fc.oneof({ arbitrary: jobId, weight: 5 }, { arbitrary: wrongTypeValue, weight: 1 }) }),
        ),
        weight: 3,
      },
      {
        arbitrary: fc.record({ text: fc.constantFrom(OWN_JOB, OWN_IDLE_JOB).map((id) => JSON.stringify({ jobId: id })), contentType }),
        weight: 1,
      },
    ),
  }),
  call: (rt, input) =>
    atsCall(rt, 'POST', '/ats/predict', input, {
      accepted: ({ job }: { job?: { id?: string } }) => {
        const sent = parsedOrNull<{ jobId?: unknown }>(withOwnIds(rt, input.body.text))?.jobId;
        return ownJob(rt, sent) && job?.id === sent
          ? undefined
          : `A prediction answered for a job the caller does not have (${JSON.stringify(sent)}) or another job (${job?.id})`;
      },
    }),
};

/** The ATS routes, in the order of `REST_ROUTES`. */
export const ATS_ENTRY_POINTS = [
  getConnection,
  connectAts,
  testConnection,
  removeConnection,
  syncAts,
  listJobs,
  listCandidates,
  predictPlacements,
] as const;
