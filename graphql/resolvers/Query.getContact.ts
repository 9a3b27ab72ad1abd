/**
 * `getContact(id)`: an admin reads one contact message. The schema already limits the field to
 * tokens that say Admins (`@aws_cognito_user_pools(cognito_groups: ["Admins"])`); the resolver
 * requires an admin now (the token and the admin standing function, lib/caller.ts), so neither a
 * schema edit nor the unexpired token of a removed or demoted admin exposes the messages. An id
 * that no contact can have is refused with a `ValidationError` (`errorInfo.fields.id`).
 */
import { util, type Context, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { requireAdmin } from './lib/caller';
import { invalidArguments, RECORD_ID_MESSAGE, RECORD_ID_PATTERN } from './lib/validation';

interface GetContactArgs {
  id: string;
}

export function request(ctx: Context<GetContactArgs>): DynamoDBGetItemRequest {
  requireAdmin(ctx);
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
