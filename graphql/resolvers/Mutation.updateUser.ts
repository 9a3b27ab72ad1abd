/**
 * `updateUser(input, condition)`: changes fields of one User record, `input.id`.
 *
 * Authorization comes from `ctx.identity`, never from the input:
 * - a signed-in user may update only their own record (`input.id` = their sub; otherwise AppSync's
 *   `Unauthorized` "Not Authorized to access updateUser on type Mutation"), only while it is not
 *   REMOVED, and only the self-editable fields (`SELF_EDITABLE_USER_FIELDS`); any other field in
 *   the input (email, status, subscriptionId, subscriptions) is refused with error type
 *   `Unauthorized`, a message naming the fields and `errorInfo.fields`;
 * - an admin may update every field but the id (createdAt is not in the input).
 *
 * Given fields are SET (text trimmed), optional fields given as null or blank are REMOVEd,
 * required ones cannot be nulled (ValidationError); updatedAt is always set. The item must exist
 * and the caller's `condition` must hold, else `DynamoDB:ConditionalCheckFailedException` and
 * nothing changes. Returns the record as stored (ALL_NEW), the ATS keys masked: they are
 * write-only, and a condition cannot read them. The ATS settings themselves (atsname, apikeytype,
 * apikey1, apikey2) are not written here: a value for them is a ValidationError pointing to the
 * ATS settings (`POST /ats/connection`), where a key is tested and sealed before it is stored.
 */
import { util, type Context, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { isMaskedSecret, SECRET_USER_FIELDS, withMaskedSecrets } from '../../lambdas/shared/domain/secret-fields';
import { requireSignedInCaller } from './lib/caller';
import { passDataSourceError } from './lib/connection';
import { allOf, conditionExpression, notRemovedFilter, type Expression, type FilterInput } from './lib/dynamodb-expressions';
import { adminOnlyFieldsIn, storedValue, USER_INPUT_FIELDS, validateUserInput, type UserInput } from './lib/user-input';
import { refuseSecretsIn } from './lib/user-secrets';
import { invalidArguments, problemFields } from './lib/validation';

interface UpdateUserArgs {
  input: UserInput & { id: string };
  condition?: FilterInput | null;
}

const CONDITION_FAILED = 'DynamoDB:ConditionalCheckFailedException';

/** The record exists (and, for a non-admin, has not been removed by an admin). */
function itemCondition(isAdmin: boolean): Expression {
  const exists: Expression = { expression: 'attribute_exists(#condId)', expressionNames: { '#condId': 'id' } };
  return isAdmin ? exists : (allOf([exists, notRemovedFilter('REMOVED')]) as Expression);
}

export function request(ctx: Context<UpdateUserArgs>): DynamoDBUpdateItemRequest {
  const caller = requireSignedInCaller(ctx);
  const input = ctx.args.input;
  if (!caller.isAdmin && input.id !== caller.sub) {
    util.unauthorized();
  }
  if (!caller.isAdmin) {
    const refused = adminOnlyFieldsIn(input);
    if (refused.length > 0) {
      const problems = refused.map((field) => ({ field, message: `Only an administrator can change ${field}.` }));
      util.error(`You cannot change ${refused.join(', ')} on your own record.`, 'Unauthorized', null, { fields: problemFields(problems) });
    }
  }
  invalidArguments(validateUserInput(input, 'present'));
  const condition = conditionExpression(ctx.args.condition);
  refuseSecretsIn(condition, 'condition');

  const sets: string[] = ['#setUpdatedAt = :setUpdatedAt'];
  const removes: string[] = [];
  const names: Record<string, string> = { '#setUpdatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':setUpdatedAt': util.time.nowISO8601() };
  for (const field of USER_INPUT_FIELDS) {
    // A masked ATS key is what this API answered: the client sent back what it read, so the
    // stored key stays (a real key never starts with the mask).
    const maskedSecret = SECRET_USER_FIELDS.includes(field) && isMaskedSecret(input[field]);
    if (input[field] !== undefined && !maskedSecret) {
      const value = storedValue(input, field);
      names[`#set_${field}`] = field;
      if (value === null) {
        removes.push(`#set_${field}`);
      } else {
        sets.push(`#set_${field} = :set_${field}`);
        values[`:set_${field}`] = value;
      }
    }
  }
  const update = `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`;

  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues({ id: input.id }),
    update: { expression: update, expressionNames: names, expressionValues: util.dynamodb.toMapValues(values) },
    condition: allOf([itemCondition(caller.isAdmin), condition]) as Expression,
  };
}

export function response(ctx: Context<UpdateUserArgs>): unknown {
  if (ctx.error && ctx.error.type === CONDITION_FAILED) {
    util.error('The user was not updated: it does not exist, or the condition did not hold.', CONDITION_FAILED);
  }
  passDataSourceError(ctx);
  return withMaskedSecrets(ctx.result);
}
