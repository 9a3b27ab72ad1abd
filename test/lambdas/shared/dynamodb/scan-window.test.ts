import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createContactsRepository, type StoredContact } from '../../../../lambdas/shared/contacts/contacts-repository';
import { scanWindow } from '../../../../lambdas/shared/dynamodb/scan-window';
import { startMemoryDynamoDbInProcess, type MemoryDynamoDb } from '../../support/memory-dynamodb';

/** Windows of a table on dynalite: bounded reads that together visit every item once. */

let dynamodb: MemoryDynamoDb;
let client: DynamoDBDocumentClient;
const ITEMS = 57;

beforeAll(async () => {
  dynamodb = await startMemoryDynamoDbInProcess();
  client = dynamodb.documentClient;
  const items = Array.from({ length: ITEMS }, (_, index) => ({ id: `msg-${String(index).padStart(3, '0')}`, name: `Person ${index}` }));
  for (let start = 0; start < items.length; start += 25) {
    const batch = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    await client.send(new BatchWriteCommand({ RequestItems: { [dynamodb.tableNames.contacts]: batch } }));
  }
});
afterAll(() => dynamodb.stop());

describe('scanWindow', () => {
  it('reads at most `size` items a window and, window after window, every item exactly once', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let after: string | null = null;
    let windows = 0;
    do {
      const window: { items: { id: string }[]; nextAfter: string | null } = await scanWindow<{ id: string }>(
        client,
        dynamodb.tableNames.contacts,
        'id',
        { after, size: 10 },
      );
      sizes.push(window.items.length);
      seen.push(...window.items.map((item) => item.id));
      after = window.nextAfter;
      windows += 1;
    } while (after !== null && windows < 20);

    expect(Math.max(...sizes)).toBe(10);
    expect(sizes.slice(0, 5)).toEqual([10, 10, 10, 10, 10]);
    expect(seen).toHaveLength(ITEMS);
    expect(new Set(seen).size).toBe(ITEMS);
  });

  it('says the table ended when a window reaches its end', async () => {
    const contacts = createContactsRepository({ client, tableName: dynamodb.tableNames.contacts });

    const everything = await contacts.readWindow({ after: null, size: ITEMS + 1 });

    expect(everything.items).toHaveLength(ITEMS);
    expect(everything.nextAfter).toBeNull();
    expect(everything.items.map((item: StoredContact) => item.name)).toContain('Person 56');
  });

  it('goes on after the key of any item read (a window ends on one)', async () => {
    const first = await scanWindow<{ id: string }>(client, dynamodb.tableNames.contacts, 'id', { after: null, size: ITEMS });
    const fourth = first.items[3].id;

    const rest = await scanWindow<{ id: string }>(client, dynamodb.tableNames.contacts, 'id', { after: fourth, size: ITEMS });

    expect(rest.items.map((item) => item.id)).toEqual(first.items.slice(4).map((item) => item.id));
  });
});
