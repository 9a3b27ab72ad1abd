import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { isDeepStrictEqual } from 'node:util';
import type { DynaliteListener } from '../../../local/dynamodb/dynalite-in-process';
import { dynaliteCall, scanWire } from './state-digest';

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
  /** dynalite's request listener: items are read and written back in wire JSON (an item's AttributeValue form). */
  readonly dynalite: DynaliteListener;
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
  dynalite: DynaliteListener,
  name: string,
  key: readonly string[],
  ignore?: (item: Record<string, AttributeValue>) => boolean,
): Promise<TableItems> {
  const items = new Map<string, Record<string, AttributeValue>>();
  for (const item of (await scanWire(dynalite, name)) as unknown as Record<string, AttributeValue>[])
    if (!ignore?.(item)) items.set(keyOf(item, key), item);
  return items;
}

/** Reads every item of the given logical tables (all of the target's by default). */
export async function takeSnapshot(target: SnapshotTarget, only: readonly string[] = Object.keys(target.tables)): Promise<TableSnapshot> {
  const entries = await Promise.all(
    only.map(
      async (table) =>
        [
          table,
          await scanTable(target.dynalite, target.tables[table].name, target.tables[table].key, target.tables[table].ignore),
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

/** BatchWriteItem's limit on requests per call. */
const BATCH_SIZE = 25;
/** Batches in flight at once: a removed ATS partition (hundreds of items) goes back in a few round trips. */
const BATCHES_IN_FLIGHT = 4;

type Item = Record<string, AttributeValue>;
type WriteRequest = { readonly PutRequest: { readonly Item: Item } } | { readonly DeleteRequest: { readonly Key: Item } };

/** Sends one table's writes in batches, retrying what DynamoDB leaves unprocessed. */
async function writeInBatches(dynalite: DynaliteListener, table: string, requests: readonly WriteRequest[]): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_SIZE) batches.push(requests.slice(start, start + BATCH_SIZE));
  const sendBatch = async (batch: WriteRequest[]) => {
    let pending: WriteRequest[] = batch;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt === 5) throw new Error(`Restoring ${table}: ${pending.length} writes stayed unprocessed`);
      const { UnprocessedItems } = await dynaliteCall<{ UnprocessedItems?: Record<string, WriteRequest[]> }>(dynalite, 'BatchWriteItem', {
        RequestItems: { [table]: pending },
      });
      pending = UnprocessedItems?.[table] ?? [];
    }
  };
  for (let start = 0; start < batches.length; start += BATCHES_IN_FLIGHT)
    await Promise.all(batches.slice(start, start + BATCHES_IN_FLIGHT).map(sendBatch));
}

/** Puts the tables of `after` back to what `before` held. */
export async function restoreSnapshot(target: SnapshotTarget, before: TableSnapshot, after: TableSnapshot): Promise<void> {
  for (const [table, afterItems] of Object.entries(after.tables)) {
    const { name, key } = target.tables[table];
    const beforeItems = before.tables[table] ?? new Map();
    const requests: WriteRequest[] = [];
    for (const [itemKey, item] of afterItems) {
      const previous = beforeItems.get(itemKey);
      if (!previous) requests.push({ DeleteRequest: { Key: Object.fromEntries(key.map((attribute) => [attribute, item[attribute]])) } });
      else if (!isDeepStrictEqual(previous, item)) requests.push({ PutRequest: { Item: previous } });
    }
    for (const [itemKey, item] of beforeItems) if (!afterItems.has(itemKey)) requests.push({ PutRequest: { Item: item } });
    await writeInBatches(target.dynalite, name, requests);
  }
}

/** A short description of changes for a failure message. */
export function describeChanges(changes: readonly ItemChange[]): string {
  return changes
    .map((change) => `${change.kind} ${change.table} ${change.key}: ${JSON.stringify(change.after ?? change.before).slice(0, 300)}`)
    .join('; ');
}
