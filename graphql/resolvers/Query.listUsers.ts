/**
 * `listUsers(filter, limit, nextToken)`.
 *
 * - Anyone but an admin: a Query on the table's key, `id = <caller's sub>`, with their filter and
 *   "not REMOVED": at most their own record, one item read, never a scan, no nextToken. A filter
 *   on `id` is refused (ValidationError): it is the key of that Query and the answer is their
 *   own record anyway.
 * - Admins, with `subscriptionId: { eq: X }` at the top of the filter: a Query on the
 *   `bySubscriptionId` index, the rest of the filter as filter expression.
 * - Admins, any other filter: a Scan with the filter, paginated. The Scan is an operator's tool
 *   (the product's own request paths use the two Queries above); only admins can trigger it.
 */
import type { Context, DynamoDBQueryRequest, DynamoDBScanRequest } from '@aws-appsync/utils';
import { USERS_BY_SUBSCRIPTION_ID_INDEX } from '../../lib/definitions/tables';
import { requireSignedInCaller } from './lib/caller';
import type { Connection } from './lib/connection';
import {
  allOf,
  attributesOf,
  filterExpression,
  notRemovedFilter,
  partitionKeyCondition,
  refuseFilterOn,
  type Expression,
  type FilterInput,
} from './lib/dynamodb-expressions';
import { maskedUsersConnection, refuseSecretsIn } from './lib/user-secrets';
import { pageLimit } from './lib/validation';

interface ListUsersArgs {
  filter?: FilterInput | null;
  limit?: number | null;
  nextToken?: string | null;
}

/** The value X of a top-level `subscriptionId: { eq: X }` and nothing else on subscriptionId. */
function subscriptionIdEquality(filter: FilterInput | null | undefined): string | null {
  const condition = filter ? (filter.subscriptionId as Record<string, unknown> | null | undefined) : null;
  if (!condition || typeof condition.eq !== 'string') {
    return null;
  }
  const others = Object.keys(condition).filter(
    (operator) => operator !== 'eq' && condition[operator] !== null && condition[operator] !== undefined,
  );
  return others.length === 0 ? condition.eq : null;
}

/** The filter without its top-level subscriptionId condition. */
function withoutSubscriptionId(filter: FilterInput): FilterInput {
  const rest: FilterInput = {};
  for (const key of Object.keys(filter)) {
    if (key !== 'subscriptionId') {
      rest[key] = filter[key];
    }
  }
  return rest;
}

export function request(ctx: Context<ListUsersArgs>): DynamoDBQueryRequest | DynamoDBScanRequest {
  const caller = requireSignedInCaller(ctx);
  const args = ctx.args;
  const limit = pageLimit(args.limit);
  refuseSecretsIn(filterExpression(args.filter), 'filter');

  if (!caller.isAdmin) {
    const filter = filterExpression(args.filter);
    refuseFilterOn(filter, ['id'], 'listUsers returns only your own record.');
    const own: DynamoDBQueryRequest = {
      operation: 'Query',
      query: partitionKeyCondition('id', caller.sub),
      filter: allOf([filter, notRemovedFilter('REMOVED')]) as Expression,
      consistentRead: true,
    };
    return own;
  }

  const subscriptionId = subscriptionIdEquality(args.filter);
  if (subscriptionId !== null && args.filter) {
    const rest = filterExpression(withoutSubscriptionId(args.filter));
    // subscriptionId also inside and/or/not: not a key lookup any more, the Scan below answers it.
    if (!attributesOf(rest).includes('subscriptionId')) {
      const query: DynamoDBQueryRequest = {
        operation: 'Query',
        index: USERS_BY_SUBSCRIPTION_ID_INDEX,
        query: partitionKeyCondition('subscriptionId', subscriptionId),
        limit,
      };
      if (rest) {
        query.filter = rest;
      }
      if (args.nextToken) {
        query.nextToken = args.nextToken;
      }
      return query;
    }
  }

  const scan: DynamoDBScanRequest = { operation: 'Scan', limit };
  const filter = filterExpression(args.filter);
  if (filter) {
    scan.filter = filter;
  }
  if (args.nextToken) {
    scan.nextToken = args.nextToken;
  }
  return scan;
}

export function response(ctx: Context<ListUsersArgs>): Connection<unknown> {
  const caller = requireSignedInCaller(ctx);
  return maskedUsersConnection(ctx, caller.isAdmin);
}
