import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { askDynalite, type DynaliteListener } from '../../../local/dynamodb/dynalite-in-process';

/**
 * A fingerprint of everything a call could change, for the authorization matrix's check that a
 * refused call leaves every table and the user pool as they were: per table, the number of items
 * and a SHA-256 over their canonical form (keys and set members sorted, so an equal item always
 * hashes alike), plus the pool's user names. Equal digests mean equal contents, as comparing every
 * item did, at a fraction of the cost: the tables are read straight from dynalite's request
 * listener in this process (its wire JSON, without the socket) and parsed with JSON.parse, not through the SDK's deserializer and `unmarshall`, and two short
 * strings per table are compared instead of thousands of objects with jest's deep equality (the
 * old snapshot's cost, about two thirds of the matrix's CPU time).
 */

export interface TableDigest {
  readonly items: number;
  readonly sha256: string;
}

export interface StateDigest {
  readonly tables: Readonly<Record<string, TableDigest>>;
  readonly cognitoUsers: readonly string[];
}

/** An item as DynamoDB's JSON wire format has it (`{ "id": { "S": "…" } }`). */
export type WireItem = Record<string, Record<string, unknown>>;

/** The canonical text of each item of a digest, kept (not compared) to say what changed when digests differ. */
const ITEMS_READ = new WeakMap<object, Readonly<Record<string, readonly string[]>>>();

/**
 * One text per item whatever the order its attributes were written in: the attributes sorted by
 * name, each value as JSON. (Set members keep dynalite's order: a reordered set reads as a change,
 * stricter than needed, never looser.)
 */
function canonical(item: WireItem): string {
  return Object.keys(item)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${JSON.stringify(item[name])}`)
    .join(',');
}

// dynalite checks that a request is signed, not the signature.
const WIRE_HEADERS = {
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-date': '20260101T000000Z',
  authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-2/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
};

/**
 * One DynamoDB operation on dynalite, handed to its request listener in this process, in wire JSON
 * both ways: no SDK serializer, deserializer or signer (their cost, per item, is most of a scan's),
 * and no HTTP (a third of a 1,000-item scan's CPU over the socket).
 */
export async function dynaliteCall<T>(dynalite: DynaliteListener, operation: string, input: unknown): Promise<T> {
  const answer = await askDynalite(dynalite, {
    method: 'POST',
    url: '/',
    headers: { ...WIRE_HEADERS, 'x-amz-target': `DynamoDB_20120810.${operation}` },
    body: Buffer.from(JSON.stringify(input)),
  });
  if (answer.statusCode !== 200) throw new Error(`${operation} failed: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}

/** Every item of a table, strongly consistent, as wire JSON. */
export async function scanWire(dynalite: DynaliteListener, tableName: string): Promise<WireItem[]> {
  const items: WireItem[] = [];
  let start: WireItem | undefined;
  do {
    const page = await dynaliteCall<{ Items?: WireItem[]; LastEvaluatedKey?: WireItem }>(dynalite, 'Scan', {
      TableName: tableName,
      ConsistentRead: true,
      ExclusiveStartKey: start,
    });
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export interface DigestTarget {
  /** dynalite's request listener (the runtime's `dynaliteListener`). */
  readonly dynalite: DynaliteListener;
  /** Logical name → physical table name. */
  readonly tables: Readonly<Record<string, string>>;
  /** Items that are bookkeeping, not data a call could wrongly change (the rate counters). */
  readonly ignore: (table: string, item: WireItem) => boolean;
  readonly cognitoUsers: () => Promise<readonly string[]>;
  /**
   * Names the state of the user pool's files (as `writeMarker` the tables'): while it is unchanged
   * the pool is not listed again. Without it the pool is listed at every digest.
   */
  readonly usersMarker?: () => string;
}

/**
 * Every file of a data folder with its size, modification time and inode: changes with any write
 * of dynalite's LevelDB (it appends to its log before it answers) or of cognito-local's store
 * (durable-json-store.ts renames a new file over the old before the call that changed it answers).
 */
export function folderWriteMarker(folder: string): string {
  return fs
    .readdirSync(folder)
    .sort()
    .map((name) => {
      const stat = fs.statSync(path.join(folder, name), { throwIfNoEntry: false });
      return `${name}:${stat?.size}:${stat?.mtimeMs}:${stat?.ino}`;
    })
    .join('|');
}

/**
 * The state now. Digests read the tables again only after something was written: `writeMarker` names the
 * state of dynalite's LevelDB folder (its files, their sizes and times). LevelDB appends every
 * write to its log file before it answers, so an unchanged marker means no write since the last
 * read, and that read's table digests still hold. Any write, a rate counter's too, changes the
 * marker and the tables are read again. The user pool likewise, with `usersMarker` (a sign-in
 * writes it too); without one it is listed every time.
 */
export function createStateDigester(target: DigestTarget & { readonly writeMarker: () => string }) {
  let last: { readonly marker: string; readonly tables: Omit<StateDigest, 'cognitoUsers'> } | undefined;
  let tableReads = 0;
  let users: { readonly marker: string | undefined; readonly names: readonly string[] } | undefined;
  let userListings = 0;
  const cognitoUsers = async () => {
    const marker = target.usersMarker?.();
    if (marker === undefined || users?.marker !== marker) {
      userListings += 1;
      users = { marker, names: [...(await target.cognitoUsers())].sort() };
    }
    return users.names;
  };
  return {
    async take(): Promise<StateDigest> {
      const marker = target.writeMarker();
      if (last?.marker !== marker) {
        tableReads += 1;
        last = { marker, tables: await digestTables(target) };
      }
      const digest = { ...last.tables, cognitoUsers: [...(await cognitoUsers())] };
      ITEMS_READ.set(digest, ITEMS_READ.get(last.tables) ?? {});
      return digest;
    },
    /** How often the tables were read (the tests' window on the reuse). */
    tableReads: () => tableReads,
    /** How often the user pool was listed. */
    userListings: () => userListings,
  };
}

async function digestTables(target: DigestTarget): Promise<Omit<StateDigest, 'cognitoUsers'>> {
  const read = await Promise.all(
    Object.entries(target.tables).map(async ([table, tableName]) => {
      const items = (await scanWire(target.dynalite, tableName))
        .filter((item) => !target.ignore(table, item))
        .map(canonical)
        .sort();
      return [table, items] as const;
    }),
  );
  const digest = {
    tables: Object.fromEntries(
      read.map(([table, items]) => [table, { items: items.length, sha256: createHash('sha256').update(items.join('\n')).digest('hex') }]),
    ),
  };
  ITEMS_READ.set(digest, Object.fromEntries(read));
  return digest;
}

/**
 * What differs between two digests, readably: each changed table with its items that appeared or
 * disappeared (a changed item shows as both), and the pool's users. Empty when nothing changed.
 */
export function stateChanges(before: StateDigest, after: StateDigest): string[] {
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const [was, is] = [before.tables[table], after.tables[table]];
    if (was?.sha256 === is?.sha256) continue;
    const wasItems = new Set(ITEMS_READ.get(before)?.[table] ?? []);
    const isItems = new Set(ITEMS_READ.get(after)?.[table] ?? []);
    const gone = [...wasItems].filter((item) => !isItems.has(item));
    const added = [...isItems].filter((item) => !wasItems.has(item));
    changes.push(
      `${table}: ${was?.items ?? 0} → ${is?.items ?? 0} items; now without ${JSON.stringify(gone).slice(0, 1_000)}; now with ${JSON.stringify(added).slice(0, 1_000)}`,
    );
  }
  if (before.cognitoUsers.join('\n') !== after.cognitoUsers.join('\n'))
    changes.push(`cognito users: ${JSON.stringify(before.cognitoUsers)} → ${JSON.stringify(after.cognitoUsers)}`);
  return changes;
}
