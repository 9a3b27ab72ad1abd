/**
 * `getUserByEmail(email, companyName, sortDirection, filter, limit, nextToken)`: the web app's
 * lookup after sign-in. A Query on the `byEmail` index (email = :email, the optional
 * `ModelStringKeyConditionInput` on companyName, `sortDirection` ASC by default) with the
 * caller's filter.
 *
 * Admins get every matching record, paginated. Anyone else gets at most their own record: the
 * filter also requires `id = <caller's sub>` and a status other than REMOVED, so DynamoDB itself
 * drops every other record, whatever email was asked for. For them the whole (small) email
 * partition is read in one page and no nextToken is returned, so neither an empty page nor a
 * token reveals that someone else's record exists.
 */
import type { Context, DynamoDBQueryRequest } from '@aws-appsync/utils';
import { USERS_BY_EMAIL_INDEX } from '../../lib/definitions/tables';
import { requireSignedInCaller } from './lib/caller';
import type { Connection } from './lib/connection';
import {
  allOf,
  filterExpression,
  keyCondition,
  notRemovedFilter,
  ownRecordFilter,
  refuseFilterOn,
  type FilterInput,
  type ModelStringKeyConditionInput,
} from './lib/dynamodb-expressions';
import { EMAIL_MAX_LENGTH } from '../../lambdas/shared/domain/patterns';
import { maskedUsersConnection, refuseSecretsIn } from './lib/user-secrets';
import { invalidArguments, MAX_PAGE_LIMIT, pageLimit } from './lib/validation';

interface GetUserByEmailArgs {
  email: string;
  companyName?: ModelStringKeyConditionInput | null;
  sortDirection?: 'ASC' | 'DESC' | null;
  filter?: FilterInput | null;
  limit?: number | null;
  nextToken?: string | null;
}

export function request(ctx: Context<GetUserByEmailArgs>): DynamoDBQueryRequest {
  const caller = requireSignedInCaller(ctx);
  const args = ctx.args;
  const email = typeof args.email === 'string' ? args.email.trim() : '';
  if (!email) {
    invalidArguments([{ field: 'email', message: 'Please enter an email address.' }]);
  }
  if (email.length > EMAIL_MAX_LENGTH) {
    invalidArguments([{ field: 'email', message: `The email address must be at most ${EMAIL_MAX_LENGTH} characters.` }]);
  }
  const limit = pageLimit(args.limit);

  const filter = filterExpression(args.filter);
  refuseFilterOn(filter, ['email', 'companyName'], 'they are the keys of this lookup; use the email and companyName arguments.');
  refuseSecretsIn(filter, 'filter');

  const request: DynamoDBQueryRequest = {
    operation: 'Query',
    index: USERS_BY_EMAIL_INDEX,
    query: keyCondition(
      { attribute: 'email', value: email },
      { attribute: 'companyName', argument: 'companyName', condition: args.companyName },
    ),
    scanIndexForward: args.sortDirection !== 'DESC',
    limit: caller.isAdmin ? limit : MAX_PAGE_LIMIT,
  };
  const restricted = caller.isAdmin ? filter : allOf([filter, ownRecordFilter(caller.sub), notRemovedFilter('REMOVED')]);
  if (restricted) {
    request.filter = restricted;
  }
  if (args.nextToken) {
    request.nextToken = args.nextToken;
  }
  return request;
}

export function response(ctx: Context<GetUserByEmailArgs>): Connection<unknown> {
  const caller = requireSignedInCaller(ctx);
  return maskedUsersConnection(ctx, caller.isAdmin);
}
