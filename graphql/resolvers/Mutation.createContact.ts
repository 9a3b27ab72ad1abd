/**
 * `createContact(input, condition)`: stores a message from the public contact form.
 * APPSYNC_JS unit resolver over the contacts table. The input is validated here, the authority
 * (the web form only repeats the rules for inline hints): on any problem nothing is stored and
 * the caller gets a `ValidationError` whose `errorInfo.fields` maps each field to its message.
 */
import { util, type Context, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { validateContactInput } from '../../lambdas/shared/domain/contact-rules';
import { filterProblems, type FilterInput } from './lib/dynamodb-expressions';
import { invalidArguments } from './lib/validation';

interface CreateContactInput {
  id?: string | null;
  name: string;
  email: string;
  phoneNumber?: string | null;
  message: string;
}

/** Amplify's `ModelStringInput`, as far as a condition on a contact needs it. */
type ModelStringInput = Record<string, unknown>;

/** Amplify's `ModelContactConditionInput`. */
interface ModelContactConditionInput {
  name?: ModelStringInput | null;
  email?: ModelStringInput | null;
  phoneNumber?: ModelStringInput | null;
  message?: ModelStringInput | null;
  createdAt?: ModelStringInput | null;
  updatedAt?: ModelStringInput | null;
  and?: ModelContactConditionInput[] | null;
  or?: ModelContactConditionInput[] | null;
  not?: ModelContactConditionInput | null;
}

interface CreateContactArgs {
  input: CreateContactInput;
  condition?: ModelContactConditionInput | null;
}

interface DynamoDBCondition {
  expression: string;
  expressionNames?: Record<string, string>;
  expressionValues?: Record<string, unknown>;
}

/** A client-chosen id (Amplify clients may send one): a UUID or another short, safe token. */
const CLIENT_ID_PATTERN = '[A-Za-z0-9][A-Za-z0-9_-]{0,63}';
const CLIENT_ID_MESSAGE = 'The id must be 1 to 64 letters, digits, dashes or underscores.';

/** Never overwrite: the item must not exist yet, and the caller's condition (if any) must hold. */
function putCondition(condition: ModelContactConditionInput | null | undefined): DynamoDBCondition {
  const notExists: DynamoDBCondition = { expression: 'attribute_not_exists(#id)', expressionNames: { '#id': 'id' } };
  if (!condition) {
    return notExists;
  }
  invalidArguments(filterProblems(condition as FilterInput, 'condition'));
  const translated: DynamoDBCondition = JSON.parse(util.transform.toDynamoDBConditionExpression(condition));
  if (!translated.expression) {
    return notExists;
  }
  return {
    expression: `${notExists.expression} AND (${translated.expression})`,
    expressionNames: { ...translated.expressionNames, ...notExists.expressionNames },
    expressionValues: translated.expressionValues,
  };
}

export function request(ctx: Context<CreateContactArgs>): DynamoDBPutItemRequest {
  const input = ctx.args.input;
  const fields: Record<string, string> = {};
  let firstMessage = '';

  for (const problem of validateContactInput(input, util.matches)) {
    fields[problem.field] = problem.message;
    if (!firstMessage) {
      firstMessage = problem.message;
    }
  }
  const clientId = input.id;
  if (clientId !== undefined && clientId !== null && !util.matches(CLIENT_ID_PATTERN, clientId)) {
    fields.id = CLIENT_ID_MESSAGE;
    if (!firstMessage) {
      firstMessage = CLIENT_ID_MESSAGE;
    }
  }
  if (firstMessage) {
    util.error(firstMessage, 'ValidationError', null, { fields });
  }

  const id = clientId ? clientId : util.autoId();
  const now = util.time.nowISO8601();
  const values: Record<string, string> = {
    name: input.name.trim(),
    email: input.email.trim(),
    message: input.message.trim(),
    createdAt: now,
    updatedAt: now,
  };
  const phoneNumber = input.phoneNumber ? input.phoneNumber.trim() : '';
  if (phoneNumber) {
    values.phoneNumber = phoneNumber;
  }

  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues({ id }),
    attributeValues: util.dynamodb.toMapValues(values),
    condition: putCondition(ctx.args.condition),
  };
}

export function response(ctx: Context<CreateContactArgs>): unknown {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  return ctx.result;
}
