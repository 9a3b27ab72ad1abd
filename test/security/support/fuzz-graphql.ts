import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { ATS_USER_FIELDS, USER_FIELDS } from '../../../lambdas/shared/contracts/user';
import { graphqlAnswerProblem, send, type GraphqlBody } from './answer-checks';
import { graphqlCaller, graphqlHeaders, type GraphqlCaller } from './callers';
import type { CallVerdict, FuzzEntryPoint } from './fuzz-runner';
import {
  CONTACT_CONDITION_FIELDS,
  keyCondition,
  modelFilter,
  nextToken,
  pageLimit,
  someFields,
  stringArgument,
  USER_FILTER_FIELDS,
  userFields,
} from './graphql-inputs';
import { contentType, malformedBody, hugeString } from './hostile-values';
import { SEEDED_CONTACT_ID, type SecurityRuntime } from './security-runtime';
import type { ItemChange } from './table-snapshot';

/**
 * Every GraphQL field with a resolver as a fuzz entry point (with the API key and with user
 * tokens), plus the transport itself (malformed bodies, wrong content types, hostile query text).
 * Accepted mutations are checked against what the resolver's contract allows to be stored.
 */

const USER_SELECTION = USER_FIELDS.join(' ');
const CONTACT_SELECTION = 'id name email phoneNumber message createdAt updatedAt';
/** What createUser and updateUser write: the ATS settings only ever through POST /ats/connection (null or absent: nothing). */
const USER_INPUT_FIELDS = USER_FIELDS.filter((field) => !['id', 'createdAt', 'updatedAt', ...ATS_USER_FIELDS].includes(field));

type Variables = Record<string, unknown>;

async function graphqlCall(
  rt: SecurityRuntime,
  caller: GraphqlCaller,
  field: string,
  query: string,
  variables: Variables,
): Promise<CallVerdict> {
  const answer = await send(rt.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...graphqlHeaders(rt, caller) },
    body: JSON.stringify({ query, variables }),
  });
  const body = answer.json as GraphqlBody | undefined;
  const accepted = answer.status === 200 && !body?.errors?.length && body?.data?.[field] !== null && body?.data?.[field] !== undefined;
  return { answer, problem: graphqlAnswerProblem(answer), accepted };
}

function answered(verdict: CallVerdict, field: string): Record<string, unknown> {
  return (verdict.answer.json as GraphqlBody).data![field] as Record<string, unknown>;
}

/** What a resolver stores for a String field: trimmed text; null (not stored) for null or blank. */
function storedValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() || null;
  return value;
}

/** graphql-js coerces a single value given for a list type into a one-item list. */
function coerced(field: string, value: unknown): unknown {
  return field === 'subscriptions' && typeof value === 'string' ? [value] : value;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function onlyChange(changes: readonly ItemChange[], table: string, kind: ItemChange['kind']): ItemChange | string {
  if (changes.length !== 1 || changes[0].table !== table || changes[0].kind !== kind)
    return `Expected one ${kind} item in ${table}, got: ${JSON.stringify(changes).slice(0, 600)}`;
  return changes[0];
}

function compare(stored: Record<string, unknown>, expected: Record<string, unknown>): string | undefined {
  return isDeepStrictEqual(stored, expected)
    ? undefined
    : `Stored ${JSON.stringify(stored).slice(0, 600)}, the contract allows ${JSON.stringify(expected).slice(0, 600)}`;
}

export const getContact: FuzzEntryPoint<{ caller: GraphqlCaller; id: unknown }> = {
  name: 'Query.getContact',
  writes: [],
  input: fc.record({
    caller: graphqlCaller('admin'),
    id: stringArgument(fc.constantFrom(SEEDED_CONTACT_ID, '3f2b8a6e-0000-4000-8000-000000000000')),
  }),
  call: (rt, input) =>
    graphqlCall(rt, input.caller, 'getContact', `query Q($id: ID!) { getContact(id: $id) { ${CONTACT_SELECTION} } }`, { id: input.id }),
};

export const listUsers: FuzzEntryPoint<{ caller: GraphqlCaller; variables: Variables }> = {
  name: 'Query.listUsers',
  writes: [],
  input: fc.record({
    caller: graphqlCaller('member', 'admin'),
    variables: fc.record(
      { filter: modelFilter(USER_FILTER_FIELDS, fc.constantFrom('SubscriptionTBD', 'ACTIVE', 'REMOVED')), limit: pageLimit, nextToken },
      { requiredKeys: [] },
    ),
  }),
  call: (rt, input) =>
    graphqlCall(
      rt,
      input.caller,
      'listUsers',
      `query Q($filter: ModelUserFilterInput, $limit: Int, $nextToken: String) { listUsers(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${USER_SELECTION} } nextToken } }`,
      input.variables,
    ),
};

type QueryInput = { caller: GraphqlCaller; variables: Variables };

export const getUserByEmail: FuzzEntryPoint<QueryInput> = {
  name: 'Query.getUserByEmail',
  writes: [],
  input: mostlyHostile<QueryInput>(
    fc.record({
      caller: fc.constantFrom<GraphqlCaller>('member', 'admin'),
      variables: fc.record(
        {
          email: fc.constantFrom('dana.reyes@northbridge.example', 'lee.park@harbor.example', ' DANA.REYES@northbridge.example '),
          limit: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
        },
        { requiredKeys: ['email'] },
      ),
    }),
    fc.record({
      caller: graphqlCaller('member', 'admin'),
      variables: fc.record(
        {
          email: stringArgument(fc.constantFrom('dana.reyes@northbridge.example', 'lee.park@harbor.example', 'admin@talentpilot.local')),
          companyName: keyCondition,
          sortDirection: fc.constantFrom('ASC', 'DESC', 'asc', 'SIDEWAYS'),
          filter: modelFilter(USER_FILTER_FIELDS),
          limit: pageLimit,
          nextToken,
        },
        { requiredKeys: ['email'] },
      ),
    }),
  ),
  call: (rt, input) =>
    graphqlCall(
      rt,
      input.caller,
      'getUserByEmail',
      `query Q($email: String!, $companyName: ModelStringKeyConditionInput, $sortDirection: ModelSortDirection, $filter: ModelUserFilterInput, $limit: Int, $nextToken: String) {
        getUserByEmail(email: $email, companyName: $companyName, sortDirection: $sortDirection, filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${USER_SELECTION} } nextToken } }`,
      input.variables,
    ),
};

type MutationInput = { caller: GraphqlCaller; input: Record<string, unknown>; condition?: Record<string, unknown> };

/** One run in three sends what a real client would: plausible values only, no hostile condition. */
function mostlyHostile<T>(plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: plausible, weight: 1 }, { arbitrary: hostile, weight: 2 });
}

/** A profile as the web app's forms send it (`withIdentity`: also email and a client id, as an admin may). */
function plausibleUser(withIdentity: boolean): fc.Arbitrary<Record<string, unknown>> {
  const profile = {
    firstName: fc.constantFrom('Dana', ' Zoë ', 'José-María', '李'),
    lastName: fc.constantFrom('Reyes', "O'Brien", 'Ñúñez'),
    phoneNumber: fc.constantFrom('+15550100199', '', null),
    companyName: fc.constantFrom('Northbridge Staffing', ' A&B Talent, Inc. '),
    profileRole: fc.constantFrom('Recruiter', 'Sourcer', null),
    // The forms send no ATS settings (saved through POST /ats/connection); null is what a form may still send.
    atsname: fc.constant(null),
    apikeytype: fc.constant(null),
    apikey1: fc.constant(null),
    apikey2: fc.constant(null),
  };
  return withIdentity
    ? fc.record(
        {
          ...profile,
          id: fc.oneof(fc.uuid(), fc.constant('user-fuzz-1')),
          email: fc.constantFrom('new.person@example.com', ' Caps@Example.COM '),
          status: fc.constantFrom('ACTIVE', 'REMOVED'),
          subscriptions: fc.constantFrom(['sub_1'], []),
        },
        { requiredKeys: ['email', 'firstName', 'lastName', 'companyName'] },
      )
    : fc.record(profile, { requiredKeys: [] });
}

export const createContact: FuzzEntryPoint<MutationInput> = {
  name: 'Mutation.createContact',
  writes: ['contacts'],
  input: mostlyHostile(
    // What the contact form sends: the fuzzer must also see inputs stored, and check them.
    fc.record({
      caller: fc.constantFrom<GraphqlCaller>('apiKey', 'member'),
      input: fc.record(
        {
          id: fc.oneof(fc.uuid(), fc.constantFrom('contact-fuzz-1')),
          name: fc.constantFrom('Lee Park', ' Zoë ', 'José-María Ñúñez', '李小龍', "D'Arcy O'Neil"),
          email: fc.constantFrom('lee@harborstaffing.com', ' Mixed.Case@Example.COM ', 'a.b+tag@sub.example.co'),
          phoneNumber: fc.constantFrom('+1 555 010 0199', '', '   ', '(555) 010-0199', null),
          message: fc.oneof(
            fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
            fc.constantFrom('Interested in the enterprise plan.', 'fewer than < a dozen', ' 😀 hi '),
          ),
        },
        { requiredKeys: ['name', 'email', 'message'] },
      ),
      condition: fc.constantFrom(undefined, { name: { attributeExists: false } }),
    }),
    fc.record(
      {
        caller: graphqlCaller('apiKey'),
        input: someFields({
          id: stringArgument(fc.constantFrom('contact-fuzz-1', 'a')),
          name: stringArgument(fc.constantFrom('Lee Park', ' Zoë ', 'José-María')),
          email: stringArgument(fc.oneof(fc.emailAddress(), fc.constantFrom(' lee@harborstaffing.com '))),
          phoneNumber: stringArgument(fc.constantFrom('+1 555 010 0199', '', '   ')),
          message: stringArgument(fc.constantFrom('Interested in the enterprise plan.', 'fewer than < a dozen', ' hi ')),
        }),
        condition: modelFilter(CONTACT_CONDITION_FIELDS),
      },
      { requiredKeys: ['caller', 'input'] },
    ),
  ),
  call: (rt, input) =>
    graphqlCall(
      rt,
      input.caller,
      'createContact',
      `mutation M($input: CreateContactInput!, $condition: ModelContactConditionInput) { createContact(input: $input, condition: $condition) { ${CONTACT_SELECTION} } }`,
      {
        input: input.input,
        condition: input.condition,
      },
    ),
  checkStored: (_rt, { input }, verdict, changes) => {
    const change = onlyChange(changes, 'contacts', 'added');
    if (typeof change === 'string') return change;
    const stored = change.after!;
    const id = typeof input.id === 'string' && input.id ? input.id : String(answered(verdict, 'createContact').id);
    const phone = storedValue(input.phoneNumber);
    const createdAt = String(stored.createdAt);
    if (!ISO_INSTANT.test(createdAt)) return `createdAt is not an ISO instant: ${createdAt}`;
    return compare(stored, {
      id,
      name: String(input.name).trim(),
      email: String(input.email).trim(),
      message: String(input.message).trim(),
      ...(phone ? { phoneNumber: phone } : {}),
      createdAt,
      updatedAt: createdAt,
    });
  },
};

export const createUser: FuzzEntryPoint<MutationInput> = {
  name: 'Mutation.createUser',
  writes: ['users'],
  input: mostlyHostile(
    fc.record({
      caller: fc.constant<GraphqlCaller>('admin'),
      input: plausibleUser(true),
      condition: fc.constantFrom(undefined, { email: { attributeExists: false } }),
    }),
    fc.record(
      {
        caller: graphqlCaller('admin'),
        input: someFields({ id: stringArgument(fc.constantFrom('user-fuzz-1', 'u')), ...userFields }),
        condition: modelFilter(USER_FILTER_FIELDS),
      },
      { requiredKeys: ['caller', 'input'] },
    ),
  ),
  call: (rt, input) =>
    graphqlCall(
      rt,
      input.caller,
      'createUser',
      `mutation M($input: CreateUserInput!, $condition: ModelUserConditionInput) { createUser(input: $input, condition: $condition) { ${USER_SELECTION} } }`,
      {
        input: input.input,
        condition: input.condition,
      },
    ),
  checkStored: (_rt, { input }, verdict, changes) => {
    const change = onlyChange(changes, 'users', 'added');
    if (typeof change === 'string') return change;
    const stored = change.after!;
    const expected: Record<string, unknown> = { id: input.id ? String(input.id) : String(answered(verdict, 'createUser').id) };
    for (const field of USER_INPUT_FIELDS) {
      const value = storedValue(coerced(field, input[field]));
      if (value !== null) expected[field] = value;
    }
    expected.status ??= 'ACTIVE';
    expected.subscriptionId ??= 'SubscriptionTBD';
    expected.subscriptions ??= [];
    expected.createdAt = stored.createdAt;
    expected.updatedAt = stored.createdAt;
    return compare(stored, expected);
  },
};

/** Whose record: the member's own, someone else's, the admin's, or hostile text. */
const recordId = fc.oneof({ arbitrary: fc.constantFrom('own', 'other', 'admin'), weight: 4 }, { arbitrary: stringArgument(), weight: 1 });

type UpdateInput = MutationInput & { id: unknown };

export const updateUser: FuzzEntryPoint<UpdateInput> = {
  name: 'Mutation.updateUser',
  writes: ['users'],
  input: mostlyHostile<UpdateInput>(
    fc.record({
      caller: fc.constantFrom<GraphqlCaller>('member', 'admin'),
      id: fc.constant('own'),
      input: plausibleUser(false),
      condition: fc.constantFrom(undefined, { status: { ne: 'REMOVED' } }),
    }),
    fc.record(
      {
        caller: graphqlCaller('member', 'admin'),
        id: recordId,
        input: someFields(userFields),
        condition: modelFilter(USER_FILTER_FIELDS, fc.constantFrom('ACTIVE', 'Dana')),
      },
      { requiredKeys: ['caller', 'id', 'input'] },
    ) as fc.Arbitrary<UpdateInput>,
  ),
  call: (rt, input) => {
    const id =
      input.id === 'own' ? rt.member.sub : input.id === 'other' ? rt.otherMember.sub : input.id === 'admin' ? rt.admin.sub : input.id;
    return graphqlCall(
      rt,
      input.caller,
      'updateUser',
      `mutation M($input: UpdateUserInput!, $condition: ModelUserConditionInput) { updateUser(input: $input, condition: $condition) { ${USER_SELECTION} } }`,
      {
        input: { ...input.input, id },
        condition: input.condition,
      },
    );
  },
  checkStored: (_rt, { input }, _verdict, changes) => {
    const change = onlyChange(changes, 'users', 'changed');
    if (typeof change === 'string') return change;
    const expected: Record<string, unknown> = { ...change.before };
    for (const field of USER_INPUT_FIELDS) {
      if (input[field] === undefined) continue;
      const value = storedValue(coerced(field, input[field]));
      if (value === null) delete expected[field];
      else expected[field] = value;
    }
    expected.updatedAt = change.after!.updatedAt;
    if (!ISO_INSTANT.test(String(expected.updatedAt))) return `updatedAt is not an ISO instant: ${String(expected.updatedAt)}`;
    return compare(change.after!, expected);
  },
};

/** Hostile query text: deep selections, many aliases, garbage, huge documents. */
const hostileQuery = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    'query',
    'mutation { createContact }',
    '{ __schema { types { name } } }',
    'query { getContact(id: "x") { id } } query { getContact(id: "y") { id } }',
    '{ listUsers { items { id } } }',
  ),
  fc.constantFrom(10, 100, 500).map((depth) => `{ ${'listUsers { items { '.repeat(depth)}id${' } }'.repeat(depth)} }`),
  fc.constantFrom(100, 1_000, 10_000).map((depth) => `${'{'.repeat(depth)}${'}'.repeat(depth)}`),
  fc
    .constantFrom(10, 300)
    .map(
      (count) =>
        `mutation { ${Array.from({ length: count }, (_, index) => `a${index}: createContact(input: {name: "x", email: "bad", message: "m"}) { id }`).join(' ')} }`,
    ),
  fc.string({ maxLength: 80 }),
  hugeString,
);

type TransportInput = { caller: GraphqlCaller; contentType: string | undefined; body: string };

export const graphqlTransport: FuzzEntryPoint<TransportInput> = {
  name: 'POST /graphql (transport)',
  writes: ['contacts', 'users'],
  input: fc.record({
    caller: graphqlCaller('apiKey', 'member'),
    contentType,
    body: fc.oneof(
      malformedBody,
      fc
        .record(
          {
            query: hostileQuery,
            variables: fc.oneof(fc.constant(undefined), fc.constantFrom<unknown>(null, [], 'x', 1, { input: null })),
            operationName: fc.constantFrom(undefined, null, 'Nope', 1),
          },
          { requiredKeys: ['query'] },
        )
        .map((request) => JSON.stringify(request)),
    ),
  }),
  call: async (rt, input) => {
    const headers: Record<string, string> = {
      ...graphqlHeaders(rt, input.caller),
      ...(input.contentType ? { 'content-type': input.contentType } : {}),
    };
    const answer = await send(rt.graphqlUrl, { method: 'POST', headers, body: input.body });
    const body = answer.json as GraphqlBody | undefined;
    return { answer, problem: graphqlAnswerProblem(answer), accepted: answer.status === 200 && !body?.errors?.length };
  },
};

/** Every resolver, then the transport. */
export const GRAPHQL_ENTRY_POINTS: readonly FuzzEntryPoint<never>[] = [
  getContact,
  listUsers,
  getUserByEmail,
  createContact,
  createUser,
  updateUser,
  graphqlTransport,
] as unknown as FuzzEntryPoint<never>[];
