import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { LocalRuntime } from '../../../local/runtime';
import { countItems, postGraphql, startGraphqlRuntime, TEST_TOKENS } from '../../local/support/local-services';

/**
 * `createContact` executed by the local AppSync runner against dynalite: the bundled resolver,
 * the local `util`, the DynamoDB request translated to SDK calls. Nothing is mocked.
 */

const CREATE_CONTACT = /* GraphQL */ `
  mutation CreateContact($input: CreateContactInput!, $condition: ModelContactConditionInput) {
    createContact(input: $input, condition: $condition) {
      id
      name
      email
      phoneNumber
      message
      createdAt
      updatedAt
    }
  }
`;

interface GraphqlBody {
  data: { createContact: Record<string, string | null> | null } | null;
  errors?: {
    path: string[] | null;
    data: unknown;
    errorType: string | null;
    errorInfo: { fields?: Record<string, string> } | null;
    locations: { line: number; column: number; sourceName: null }[] | null;
    message: string;
  }[];
}

const validInput = {
  name: '  Dana Whitfield ',
  email: 'dana@northwind-staffing.com',
  phoneNumber: ' +1 555 010 0199 ',
  message: 'We place 40 nurses a month and want to try the screening questions.',
};

let runtime: LocalRuntime;
let tableName: string;

function createContact(input: Record<string, unknown>, options: { condition?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = options.token
    ? { authorization: options.token }
    : { 'x-api-key': runtime.endpoints.graphqlApiKey };
  return postGraphql<GraphqlBody>(runtime.endpoints.graphqlUrl, CREATE_CONTACT, {
    variables: { input, condition: options.condition },
    headers,
  });
}

async function storedContact(id: string) {
  const answer = await runtime.dynamodb.send(new GetItemCommand({ TableName: tableName, Key: { id: { S: id } }, ConsistentRead: true }));
  return answer.Item ? unmarshall(answer.Item) : undefined;
}

beforeAll(async () => {
  runtime = await startGraphqlRuntime();
  tableName = runtime.endpoints.tables.contacts;
}, 60_000);

afterAll(() => runtime?.stop());

describe('createContact', () => {
  it('stores the trimmed message with an id and timestamps, and returns it', async () => {
    const { status, body } = await createContact(validInput);

    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const created = body.data!.createContact!;
    expect(created).toMatchObject({
      name: 'Dana Whitfield',
      email: 'dana@northwind-staffing.com',
      phoneNumber: '+1 555 010 0199',
      message: validInput.message,
    });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(created.updatedAt).toBe(created.createdAt);
    expect(await storedContact(created.id!)).toEqual(created);
  });

  it('stores a message without a phone number, leaving the attribute out', async () => {
    const { body } = await createContact({ ...validInput, phoneNumber: null });

    const created = body.data!.createContact!;
    expect(created.phoneNumber).toBeNull();
    expect(await storedContact(created.id!)).not.toHaveProperty('phoneNumber');
  });

  it('accepts a signed-in caller (user pools) as well as the API key', async () => {
    const { body } = await createContact(validInput, { token: TEST_TOKENS.member });

    expect(body.errors).toBeUndefined();
    expect(body.data!.createContact!.id).toBeTruthy();
  });

  describe('refuses bad input with an AppSync ValidationError and stores nothing', () => {
    it.each([
      ['an empty name', { name: '   ' }, 'name', 'Please enter your name.'],
      ['a malformed email', { email: 'dana@@northwind' }, 'email', 'Please enter a valid email address, like name@company.com.'],
      ['an over-long message', { message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters.'],
      [
        'a script tag in the message',
        { message: 'Hi <script>alert(1)</script>' },
        'message',
        'Message cannot contain HTML or script markup.',
      ],
      [
        'a NoSQL operator in the name',
        { name: '{"$gt":""}' },
        'name',
        'Name cannot contain symbols such as < > { } [ ] ; $ or control characters.',
      ],
      ['an unsafe client id', { id: '../../etc/passwd' }, 'id', 'The id must be 1 to 64 letters, digits, dashes or underscores.'],
    ])('%s', async (_case, change, field, message) => {
      const before = await countItems(runtime.dynamodb, tableName);

      const { status, body } = await createContact({ ...validInput, ...change });

      expect(status).toBe(200);
      expect(body.data).toEqual({ createContact: null });
      expect(body.errors).toEqual([
        {
          path: ['createContact'],
          data: null,
          errorType: 'ValidationError',
          errorInfo: { fields: { [field]: message } },
          locations: [{ line: 3, column: 5, sourceName: null }],
          message,
        },
      ]);
      expect(await countItems(runtime.dynamodb, tableName)).toBe(before);
    });

    it('reports every invalid field at once, the first one as the message', async () => {
      const { body } = await createContact({ name: '', email: 'nope', message: '' });

      expect(body.errors![0].message).toBe('Please enter your name.');
      expect(Object.keys(body.errors![0].errorInfo!.fields!)).toEqual(['name', 'email', 'message']);
    });
  });

  it('never overwrites: a second create with the same client id fails like AppSync and keeps the first', async () => {
    const id = 'b0f3c1de-7a51-4c39-9d1e-3f1d2a6b8c77';
    const first = await createContact({ ...validInput, id });
    expect(first.body.errors).toBeUndefined();

    const second = await createContact({ ...validInput, id, message: 'A different message that must not replace the first.' });

    expect(second.body.data).toEqual({ createContact: null });
    expect(second.body.errors).toHaveLength(1);
    expect(second.body.errors![0]).toMatchObject({
      path: ['createContact'],
      errorType: 'DynamoDB:ConditionalCheckFailedException',
      message: expect.stringContaining('The conditional request failed'),
    });
    expect((await storedContact(id))!.message).toBe(validInput.message);
  });

  it('honours the condition argument (combined with "must not exist yet")', async () => {
    const holds = await createContact(validInput, { condition: { name: { attributeExists: false } } });
    expect(holds.body.errors).toBeUndefined();

    const before = await countItems(runtime.dynamodb, tableName);
    const fails = await createContact(validInput, { condition: { or: [{ name: { eq: 'Someone' } }, { email: { beginsWith: 'x' } }] } });

    expect(fails.body.errors![0].errorType).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(await countItems(runtime.dynamodb, tableName)).toBe(before);
  });

  it('refuses a condition it cannot translate (a between without two values) with a ValidationError, storing nothing', async () => {
    const before = await countItems(runtime.dynamodb, tableName);

    for (const condition of [{ name: { between: [] } }, { not: { message: { size: { between: [3] } } } }]) {
      const { body } = await createContact(validInput, { condition });

      expect(body.data).toEqual({ createContact: null });
      expect(body.errors).toEqual([
        expect.objectContaining({
          errorType: 'ValidationError',
          errorInfo: { fields: { condition: expect.stringMatching(/between on (name|message) needs exactly two values/) } },
        }),
      ]);
    }
    expect(await countItems(runtime.dynamodb, tableName)).toBe(before);
  });

  it('refuses callers without credentials or with a wrong API key (401, nothing stored)', async () => {
    const before = await countItems(runtime.dynamodb, tableName);

    const anonymous = await postGraphql(runtime.endpoints.graphqlUrl, CREATE_CONTACT, { variables: { input: validInput } });
    const wrongKey = await postGraphql(runtime.endpoints.graphqlUrl, CREATE_CONTACT, {
      variables: { input: validInput },
      headers: { 'x-api-key': 'da2-not-the-local-key-000000' },
    });

    for (const answer of [anonymous, wrongKey]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }],
      });
    }
    expect(await countItems(runtime.dynamodb, tableName)).toBe(before);
  });
});
