/**
 * `getContact(id)`: an admin reads one contact message. The schema already limits the field to
 * the Admins group (`@aws_cognito_user_pools(cognito_groups: ["Admins"])`); the resolver checks
 * the caller's groups again so a schema edit alone can never expose the messages. An id that no
 * contact can have is refused with a `ValidationError` (`errorInfo.fields.id`).
 */
import { util, type Context, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { ADMIN_GROUP } from '../../lambdas/shared/domain/groups';
import { invalidArguments, RECORD_ID_MESSAGE, RECORD_ID_PATTERN } from './lib/validation';

interface GetContactArgs {
  id: string;
}

/** The part of a Cognito user pool identity this resolver reads (absent for API key callers). */
interface CallerGroups {
  groups?: string[] | null;
}

export function request(ctx: Context<GetContactArgs>): DynamoDBGetItemRequest {
  const identity = ctx.identity as CallerGroups | null | undefined;
  const groups = identity && identity.groups ? identity.groups : [];
  if (!groups.includes(ADMIN_GROUP)) {
    util.unauthorized();
  }
  // An id no contact can have (empty, over DynamoDB's key size, markup) is the caller's mistake,
  // answered before DynamoDB would refuse it with its own internals in the message.
  if (!util.matches(RECORD_ID_PATTERN, ctx.args.id)) {
    invalidArguments([{ field: 'id', message: RECORD_ID_MESSAGE }]);
  }
  return {
    operation: 'GetItem',
    key: util.dynamodb.toMapValues({ id: ctx.args.id }),
    consistentRead: true,
  };
}

export function response(ctx: Context<GetContactArgs>): unknown {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  return ctx.result;
}
