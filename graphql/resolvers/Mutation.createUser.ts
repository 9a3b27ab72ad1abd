/**
 * `createUser(input, condition)`: an admin creates a User record. The schema limits the field to
 * the Admins group; the resolver checks the caller's groups again (a schema edit alone never opens
 * it). Invitation sign-up does not come here: the post-confirmation trigger writes that record.
 *
 * The input is validated (profile rules in `all` mode, email, status, subscription fields); on any
 * problem nothing is written and the caller gets a `ValidationError` with `errorInfo.fields`.
 * Defaults: id = `util.autoId()`, status `ACTIVE`, subscriptionId `SubscriptionTBD`,
 * subscriptions `[]`. The record is never overwritten (`attribute_not_exists(id)` AND the
 * caller's condition). The ATS settings are not written here (a value for them is a
 * ValidationError: they go through `POST /ats/connection`, which seals the keys); the answer masks
 * any stored key and a condition cannot read them.
 */
import { util, type Context, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { SUBSCRIPTION_TBD } from '../../lambdas/shared/contracts/user';
import { withMaskedSecrets } from '../../lambdas/shared/domain/secret-fields';
import { requireAdmin } from './lib/caller';
import { passDataSourceError } from './lib/connection';
import { allOf, conditionExpression, type Expression, type FilterInput } from './lib/dynamodb-expressions';
import { storedValue, USER_ID_PATTERN, USER_INPUT_FIELDS, validateUserInput, type UserInput } from './lib/user-input';
import { refuseSecretsIn } from './lib/user-secrets';
import { invalidArguments, type FieldProblem } from './lib/validation';

interface CreateUserArgs {
  input: UserInput;
  condition?: FilterInput | null;
}

const CONDITION_FAILED = 'DynamoDB:ConditionalCheckFailedException';

export function request(ctx: Context<CreateUserArgs>): DynamoDBPutItemRequest {
  requireAdmin(ctx);
  const input = ctx.args.input;

  const problems: FieldProblem[] = validateUserInput(input, 'all');
  const clientId = input.id;
  if (clientId !== undefined && clientId !== null && !util.matches(USER_ID_PATTERN, String(clientId))) {
    problems.push({ field: 'id', message: 'The id must be 1 to 64 letters, digits, dashes or underscores.' });
  }
  invalidArguments(problems);
  refuseSecretsIn(conditionExpression(ctx.args.condition), 'condition');

  const id = clientId ? String(clientId) : util.autoId();
  const now = util.time.nowISO8601();
  const values: Record<string, unknown> = {};
  for (const field of USER_INPUT_FIELDS) {
    const value = storedValue(input, field);
    if (value !== null) {
      values[field] = value;
    }
  }
  if (!values.status) {
    values.status = 'ACTIVE';
  }
  if (!values.subscriptionId) {
    values.subscriptionId = SUBSCRIPTION_TBD;
  }
  if (!values.subscriptions) {
    values.subscriptions = [];
  }
  values.createdAt = now;
  values.updatedAt = now;

  const notExists: Expression = { expression: 'attribute_not_exists(#condId)', expressionNames: { '#condId': 'id' } };
  const condition = allOf([notExists, conditionExpression(ctx.args.condition)]) as Expression;
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues({ id }),
    attributeValues: util.dynamodb.toMapValues(values),
    condition,
  };
}

export function response(ctx: Context<CreateUserArgs>): unknown {
  if (ctx.error && ctx.error.type === CONDITION_FAILED) {
    util.error('The user was not created: a user with this id already exists, or the condition did not hold.', CONDITION_FAILED);
  }
  passDataSourceError(ctx);
  return withMaskedSecrets(ctx.result);
}
