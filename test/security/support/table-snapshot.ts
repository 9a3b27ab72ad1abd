import { DeleteItemCommand, PutItemCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { isDeepStrictEqual } from 'node:util';

/**
 * What the tables hold, compared before and after a call: the fuzzers' check that a refused input
 * stored nothing, and the way an accepted input's effects are checked against the contract and
 * then undone (so every run starts from the same seeded data).
 */

/** One table's items by key (the key attributes' values joined). */
export type TableItems = ReadonlyMap<string, Record<string, AttributeValue>>;

export interface TableSnapshot {
  readonly tables: Readonly<Record<string, TableItems>>;
}

/** An item that appeared, changed or disappeared; `before`/`after` are plain (unmarshalled). */
export interface ItemChange {
  readonly table: string;
  readonly key: string;
  readonly kind: 'added' | 'changed' | 'removed';
  readonly before?: Record<string, unknown>;
  readonly after?: Record<string, unknown>;
}

export interface SnapshotTarget {
  readonly dynamodb: DynamoDBClient;
  /** Logical table name → physical name, with the key attributes of each. */
  readonly tables: Readonly<
    Record<
      string,
      { readonly name: string; readonly key: readonly string[]; readonly ignore?: (item: Record<string, AttributeValue>) => boolean }
    >
  >;
}

function keyOf(item: Record<string, AttributeValue>, key: readonly string[]): string {
  return key.map((attribute) => JSON.stringify(item[attribute])).join('|');
}

async function scanTable(
  dynamodb: DynamoDBClient,
  name: string,
  key: readonly string[],
  ignore?: (item: Record<string, AttributeValue>) => boolean,
): Promise<TableItems> {
  const items = new Map<string, Record<string, AttributeValue>>();
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamodb.send(new ScanCommand({ TableName: name, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) if (!ignore?.(item)) items.set(keyOf(item, key), item);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Reads every item of the given logical tables (all of the target's by default). */
export async function takeSnapshot(target: SnapshotTarget, only: readonly string[] = Object.keys(target.tables)): Promise<TableSnapshot> {
  const entries = await Promise.all(
    only.map(
      async (table) =>
        [
          table,
          await scanTable(target.dynamodb, target.tables[table].name, target.tables[table].key, target.tables[table].ignore),
        ] as const,
    ),
  );
  return { tables: Object.fromEntries(entries) };
}

/** Every item that differs between two snapshots of the same tables. */
export function changesBetween(before: TableSnapshot, after: TableSnapshot): ItemChange[] {
  const changes: ItemChange[] = [];
  for (const [table, afterItems] of Object.entries(after.tables)) {
    const beforeItems = before.tables[table] ?? new Map();
    for (const [key, item] of afterItems) {
      const previous = beforeItems.get(key);
      if (!previous) changes.push({ table, key, kind: 'added', after: unmarshall(item) });
      else if (!isDeepStrictEqual(previous, item))
        changes.push({ table, key, kind: 'changed', before: unmarshall(previous), after: unmarshall(item) });
    }
    for (const [key, item] of beforeItems) {
      if (!afterItems.has(key)) changes.push({ table, key, kind: 'removed', before: unmarshall(item) });
    }
  }
  return changes;
}

/** Puts the tables of `after` back to what `before` held. */
export async function restoreSnapshot(target: SnapshotTarget, before: TableSnapshot, after: TableSnapshot): Promise<void> {
  for (const [table, afterItems] of Object.entries(after.tables)) {
    const { name, key } = target.tables[table];
    const beforeItems = before.tables[table] ?? new Map();
    for (const [itemKey, item] of afterItems) {
      const previous = beforeItems.get(itemKey);
      if (!previous) {
        await target.dynamodb.send(
          new DeleteItemCommand({ TableName: name, Key: Object.fromEntries(key.map((attribute) => [attribute, item[attribute]])) }),
        );
      } else if (!isDeepStrictEqual(previous, item)) {
        await target.dynamodb.send(new PutItemCommand({ TableName: name, Item: previous }));
      }
    }
    for (const [itemKey, item] of beforeItems) {
      if (!afterItems.has(itemKey)) await target.dynamodb.send(new PutItemCommand({ TableName: name, Item: item }));
    }
  }
}

/** A short description of changes for a failure message. */
export function describeChanges(changes: readonly ItemChange[]): string {
  return changes
    .map((change) => `${change.kind} ${change.table} ${change.key}: ${JSON.stringify(change.after ?? change.before).slice(0, 300)}`)
    .join('; ');
}
