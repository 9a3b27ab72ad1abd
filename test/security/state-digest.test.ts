import { DeleteItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoDbClient } from '../../local/dynamodb/client';
import { startDynalite } from '../../local/dynamodb/dynalite';
import { ensureTables, localTableNames } from '../../local/dynamodb/tables';
import { temporaryFolder } from '../local/support/local-services';
import { createStateDigester, folderWriteMarker, stateChanges } from './support/state-digest';

/**
 * The authorization matrix's "nothing changed" check (state-digest.ts) must see every change a
 * deep comparison of all items saw, and may skip reading the tables only when nothing was written.
 */

const folder = temporaryFolder('state-digest');
const TABLES = localTableNames('talentpilot');
let dynalite: Awaited<ReturnType<typeof startDynalite>>;
let client: ReturnType<typeof createLocalDynamoDbClient>;
let cognitoUsers: string[];
let digester: ReturnType<typeof createStateDigester>;

beforeAll(async () => {
  dynalite = await startDynalite({ path: `${folder.path}/dynamodb`, port: 0 });
  client = createLocalDynamoDbClient(dynalite.endpoint);
  await ensureTables(client, 'talentpilot');
  cognitoUsers = ['ada', 'bo'];
  digester = createStateDigester({
    dynalite: dynalite.requestListener,
    tables: { contacts: TABLES.contacts, assistant: TABLES.assistant },
    ignore: (table, item) => table === 'assistant' && String(item.itemId?.S).startsWith('rate#'),
    cognitoUsers: async () => cognitoUsers,
    writeMarker: () => folderWriteMarker(`${folder.path}/dynamodb`),
  });
  for (let index = 0; index < 120; index += 1) await put('contacts', { id: { S: `msg-${index}` }, name: { S: `Person ${index}` } });
  await put('contacts', { id: { S: 'msg-attributes' }, count: { N: '3' }, tags: { SS: ['a', 'b'] } });
});
afterAll(async () => {
  client.destroy();
  await dynalite.stop();
  folder.remove();
});

async function put(table: 'contacts' | 'assistant', item: Record<string, object>) {
  await client.send(new PutItemCommand({ TableName: TABLES[table], Item: item as never }));
}

describe('the state digest', () => {
  it('reads the tables again only after a write, and is the same for the same contents in another attribute order', async () => {
    const before = await digester.take();
    const reads = digester.tableReads();

    const unchanged = await digester.take();
    await put('contacts', { tags: { SS: ['a', 'b'] }, id: { S: 'msg-attributes' }, count: { N: '3' } });
    const rewritten = await digester.take();

    expect(digester.tableReads()).toBe(reads + 1);
    expect(unchanged).toEqual(before);
    expect(rewritten).toEqual(before);
    expect(before.tables.contacts.items).toBe(121);
    expect(stateChanges(before, rewritten)).toEqual([]);
  });

  it('sees an item changed, added or removed, and says which', async () => {
    const before = await digester.take();

    await put('contacts', { id: { S: 'msg-7' }, name: { S: 'Person 7!' } });
    const changed = await digester.take();
    await put('contacts', { id: { S: 'msg-new' }, name: { S: 'New' } });
    const added = await digester.take();
    await client.send(new DeleteItemCommand({ TableName: TABLES.contacts, Key: { id: { S: 'msg-new' } } }));
    await put('contacts', { id: { S: 'msg-7' }, name: { S: 'Person 7' } });
    const restored = await digester.take();

    expect(stateChanges(before, changed)).toEqual([expect.stringMatching(/^contacts: 121 → 121 items; .*Person 7\\".*Person 7!/)]);
    expect(stateChanges(changed, added)).toEqual([
      expect.stringMatching(/^contacts: 121 → 122 items; now without \[\]; now with .*msg-new/),
    ]);
    expect(stateChanges(before, restored)).toEqual([]);
  });

  it('ignores the rate counters, and sees the user pool change without a table write', async () => {
    const before = await digester.take();

    await put('assistant', { userId: { S: 'sub-1' }, itemId: { S: 'rate#2026-11-26T23:00' }, count: { N: '1' } });
    const counted = await digester.take();
    cognitoUsers = [...cognitoUsers, 'cy'];
    const invited = await digester.take();
    await put('assistant', { userId: { S: 'sub-1' }, itemId: { S: 'job#1' } });
    const written = await digester.take();

    expect(stateChanges(before, counted)).toEqual([]);
    expect(stateChanges(counted, invited)).toEqual(['cognito users: ["ada","bo"] → ["ada","bo","cy"]']);
    expect(stateChanges(invited, written)).toEqual([expect.stringMatching(/^assistant: 0 → 1 items/)]);
  });

  it('lists the user pool again only when its marker changed', async () => {
    let poolWrites = 0;
    const pool = createStateDigester({
      dynalite: dynalite.requestListener,
      tables: { contacts: TABLES.contacts },
      ignore: () => false,
      cognitoUsers: async () => cognitoUsers,
      writeMarker: () => folderWriteMarker(`${folder.path}/dynamodb`),
      usersMarker: () => String(poolWrites),
    });
    const before = await pool.take();

    const unchanged = await pool.take();
    cognitoUsers = [...cognitoUsers, 'dee'];
    poolWrites += 1;
    const invited = await pool.take();

    expect(pool.userListings()).toBe(2);
    expect(stateChanges(before, unchanged)).toEqual([]);
    expect(stateChanges(unchanged, invited)).toEqual([expect.stringMatching(/^cognito users: .*"dee"/)]);
  });
});
