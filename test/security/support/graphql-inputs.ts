import fc from 'fast-check';
import { USER_STATUSES } from '../../../lambdas/shared/contracts/user';
import { PROFILE_ROLES } from '../../../lambdas/shared/domain/profile-rules';
import { hostileString, hugeString, wrongTypeValue } from './hostile-values';

/**
 * Hostile GraphQL arguments that still have the schema's shape, so they pass graphql-js's
 * coercion and reach the resolvers: Amplify filter and condition inputs (nested and/or/not,
 * deep chains), key conditions, page limits and tokens, and the typed inputs of the mutations.
 * Now and then a value of the wrong type, which AppSync refuses before any resolver runs.
 */

/** A String argument: hostile text, rarely null or a value of the wrong type. */
export function stringArgument(plausible?: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: hostileString(plausible), weight: 12 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: wrongTypeValue, weight: 1 },
  );
}

const ATTRIBUTE_TYPES = ['binary', 'binarySet', 'bool', 'list', 'map', 'number', 'numberSet', 'string', 'stringSet', '_null'] as const;

const sizeInput = fc.record(
  { eq: fc.integer({ min: -5, max: 5000 }), gt: fc.integer(), between: fc.array(fc.integer({ min: -1, max: 300 }), { maxLength: 3 }) },
  { requiredKeys: [] },
);

/** Amplify's `ModelStringInput` (and `ModelIDInput`): one or more operators with hostile operands. */
export function modelStringInput(plausible?: fc.Arbitrary<string>): fc.Arbitrary<Record<string, unknown>> {
  const operand = hostileString(plausible, { huge: false });
  return fc.record(
    {
      eq: operand,
      ne: operand,
      lt: operand,
      ge: operand,
      contains: operand,
      notContains: operand,
      beginsWith: operand,
      between: fc.array(operand, { maxLength: 3 }),
      attributeExists: fc.boolean(),
      attributeType: fc.constantFrom(...ATTRIBUTE_TYPES),
      size: sizeInput,
    },
    { requiredKeys: [] },
  );
}

/** A filter or condition over `fields`: conditions per field, with and/or/not up to two levels, or a deep chain. */
export function modelFilter(fields: readonly string[], plausible?: fc.Arbitrary<string>): fc.Arbitrary<Record<string, unknown>> {
  const conditions = fc.record(Object.fromEntries(fields.map((field) => [field, modelStringInput(plausible)])), { requiredKeys: [] });
  const nested = fc
    .tuple(
      conditions,
      fc.array(conditions, { maxLength: 2 }),
      fc.array(conditions, { maxLength: 2 }),
      fc.option(conditions, { nil: undefined }),
    )
    .map(([base, and, or, not]) => ({ ...base, ...(and.length ? { and } : {}), ...(or.length ? { or } : {}), ...(not ? { not } : {}) }));
  const deepChain = fc
    .tuple(fc.constantFrom(20, 100, 400), fc.constantFrom('not', 'and', 'or'), conditions)
    .map(([depth, operator, leaf]) => {
      let filter: Record<string, unknown> = leaf;
      for (let level = 0; level < depth; level += 1) filter = { [operator]: operator === 'not' ? filter : [filter] };
      return filter;
    });
  const hugeOperand = fc.constantFrom(...fields).chain((field) => hugeString.map((text) => ({ [field]: { eq: text } })));
  return fc.oneof(
    { arbitrary: conditions, weight: 8 },
    { arbitrary: nested, weight: 4 },
    { arbitrary: deepChain, weight: 2 },
    { arbitrary: hugeOperand, weight: 1 },
  );
}

/** `ModelStringKeyConditionInput`: usually one operator, sometimes several (refused). */
export const keyCondition: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    eq: hostileString(),
    le: hostileString(),
    gt: hostileString(),
    beginsWith: hostileString(fc.constantFrom('North', 'Harbor')),
    between: fc.array(hostileString(), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

/** `limit`: inside and outside 1..1000, and past a 32-bit Int. */
export const pageLimit: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.constantFrom(0, -1, 1001, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 1.5, '10', null),
);

/** `nextToken`: absent, garbage, base64 of something that is not a key, or hostile text. */
export const nextToken: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    '',
    'e30=',
    Buffer.from('{"id":{"S":"x"}}').toString('base64'),
    Buffer.from('{"id":"x"}').toString('base64'),
    Buffer.from('[1,2]').toString('base64'),
    'not base64 at all!',
  ),
  hostileString(),
);

export const USER_FILTER_FIELDS = [
  'id',
  'email',
  'companyName',
  'status',
  'subscriptionId',
  'firstName',
  'apikey1',
  'subscriptions',
  'createdAt',
] as const;
export const CONTACT_CONDITION_FIELDS = ['name', 'email', 'phoneNumber', 'message', 'createdAt'] as const;

const names = fc.constantFrom('Dana', 'Zoë', "O'Brien", 'José-María', '李', ' Lee ');

/** The fields of `CreateUserInput` / `UpdateUserInput` besides id, each hostile or plausible. */
export const userFields: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  firstName: stringArgument(names),
  lastName: stringArgument(names),
  phoneNumber: stringArgument(fc.constantFrom('+1 555 010 0199', '+15550100199', '')),
  email: stringArgument(fc.oneof(fc.emailAddress(), fc.constantFrom('dana.reyes@northbridge.example'))),
  companyName: stringArgument(fc.constantFrom('Northbridge Staffing', 'A&B Talent, Inc.', ' Trim Me ')),
  profileRole: stringArgument(fc.constantFrom(...PROFILE_ROLES)),
  status: stringArgument(fc.constantFrom(...USER_STATUSES)),
  subscriptionId: stringArgument(fc.constantFrom('SubscriptionTBD', 'sub_123', 'uuid-abc')),
  atsname: stringArgument(fc.constantFrom('Bullhorn', 'Greenhouse')),
  apikeytype: stringArgument(fc.constantFrom('api-key', 'oauth')),
  apikey1: stringArgument(fc.constantFrom('ats-key-0001')),
  apikey2: stringArgument(),
  subscriptions: fc.oneof(
    fc.array(hostileString(fc.constantFrom('sub_1', 'sub_2')), { maxLength: 4 }),
    fc.constant(null),
    fc.array(fc.constant('sub_x'), { minLength: 101, maxLength: 102 }),
  ),
};

/** Picks some of `fields` (any may be missing), plus sometimes a field the input type does not have. */
export function someFields(fields: Readonly<Record<string, fc.Arbitrary<unknown>>>, extra = true): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(fields as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] }),
      extra
        ? fc.option(fc.constantFrom('isAdmin', 'createdAt', 'groups', '__proto__'), { freq: 8, nil: undefined })
        : fc.constant(undefined),
    )
    .map(([record, unknownField]) => {
      const input: Record<string, unknown> = { ...record };
      if (unknownField) Object.defineProperty(input, unknownField, { value: 'x', enumerable: true, writable: true, configurable: true });
      return input;
    });
}
