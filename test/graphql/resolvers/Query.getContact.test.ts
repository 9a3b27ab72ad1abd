import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createContactsRepository } from '../../../lambdas/shared/contacts/contacts-repository';
import type { LocalRuntime } from '../../../local/runtime';
import { postGraphql, startGraphqlRuntime, TEST_TOKENS } from '../../local/support/local-services';

/** `getContact` executed by the local AppSync runner against dynalite, per caller. */

const GET_CONTACT = /* GraphQL */ `
  query GetContact($id: ID!) {
    getContact(id: $id) {
      id
      name
      message
    }
  }
`;

interface GraphqlBody {
  data: { getContact: Record<string, string> | null } | null;
  errors?: Record<string, unknown>[];
}

let runtime: LocalRuntime;
let contactId: string;

function getContact(id: string, headers: Record<string, string>) {
  return postGraphql<GraphqlBody>(runtime.endpoints.graphqlUrl, GET_CONTACT, { variables: { id }, headers });
}

beforeAll(async () => {
  runtime = await startGraphqlRuntime();
  const created = await postGraphql<{ data: { createContact: { id: string } } }>(
    runtime.endpoints.graphqlUrl,
    'mutation { createContact(input: { name: "Omar Reyes", email: "omar@talentbridge.io", message: "Please call me about R2." }) { id } }',
    { headers: { 'x-api-key': runtime.endpoints.graphqlApiKey } },
  );
  contactId = created.body.data.createContact.id;
}, 60_000);

afterAll(() => runtime?.stop());

describe('getContact', () => {
  it('lets an admin read a contact message by id', async () => {
    const { status, body } = await getContact(contactId, { authorization: TEST_TOKENS.admin });

    expect(status).toBe(200);
    expect(body).toEqual({ data: { getContact: { id: contactId, name: 'Omar Reyes', message: 'Please call me about R2.' } } });
  });

  it('tells whether and when the admin console marked the message handled', async () => {
    const contacts = createContactsRepository({
      client: DynamoDBDocumentClient.from(runtime.dynamodb),
      tableName: runtime.endpoints.tables.contacts,
    });
    const query = `query Q($id: ID!) { getContact(id: $id) { id handledAt handledBy } }`;
    const read = async () =>
      (
        await postGraphql<GraphqlBody>(runtime.endpoints.graphqlUrl, query, {
          variables: { id: contactId },
          headers: { authorization: TEST_TOKENS.admin },
        })
      ).body;

    expect(await read()).toEqual({ data: { getContact: { id: contactId, handledAt: null, handledBy: null } } });
    await contacts.setHandled(contactId, true, 'sub-of-the-admin', new Date('2026-11-26T12:00:00.000Z'));
    expect(await read()).toEqual({
      data: { getContact: { id: contactId, handledAt: '2026-11-26T12:00:00.000Z', handledBy: 'sub-of-the-admin' } },
    });
    await contacts.setHandled(contactId, false, 'sub-of-the-admin', new Date('2026-11-26T12:05:00.000Z'));
  });

  it('answers null for an id that does not exist', async () => {
    const { body } = await getContact('00000000-0000-4000-8000-000000000000', { authorization: TEST_TOKENS.admin });

    expect(body).toEqual({ data: { getContact: null } });
  });

  it.each([
    ['empty', ''],
    ['longer than a DynamoDB key may be', 'a'.repeat(5000)],
    ['markup', '<script>alert(1)</script>'],
  ])('refuses an id no contact can have (%s) with a ValidationError, before DynamoDB sees it', async (_kind, id) => {
    const { status, body } = await getContact(id, { authorization: TEST_TOKENS.admin });

    expect(status).toBe(200);
    expect(body.data).toEqual({ getContact: null });
    expect(body.errors).toEqual([
      expect.objectContaining({
        errorType: 'ValidationError',
        message: 'The id must be 1 to 64 letters, digits, dashes or underscores.',
        errorInfo: { fields: { id: 'The id must be 1 to 64 letters, digits, dashes or underscores.' } },
      }),
    ]);
  });

  it.each([
    ['the API key (the public web app)', () => ({ 'x-api-key': runtime.endpoints.graphqlApiKey })],
    ['a signed-in user outside the Admins group', () => ({ authorization: TEST_TOKENS.member })],
  ])('refuses %s with AppSync’s Unauthorized field error', async (_caller, headers) => {
    const { status, body } = await getContact(contactId, headers());

    expect(status).toBe(200);
    expect(body).toEqual({
      data: { getContact: null },
      errors: [
        {
          path: ['getContact'],
          data: null,
          errorType: 'Unauthorized',
          errorInfo: null,
          locations: [{ line: 3, column: 5, sourceName: null }],
          message: 'Not Authorized to access getContact on type Query',
        },
      ],
    });
  });

  it('refuses an unknown token with a 401', async () => {
    const { status, body } = await getContact(contactId, { authorization: 'not-a-token' });

    expect(status).toBe(401);
    expect(body).toEqual({ errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }] });
  });
});
