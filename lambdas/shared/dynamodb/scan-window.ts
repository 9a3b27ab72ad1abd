import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Where a table's scan stands: after the item with this key (`null`: at the table's start). */
export interface ScanWindowRequest {
  readonly after: string | null;
  /** The most items to read. */
  readonly size: number;
}

export interface ScanWindow<T> {
  readonly items: T[];
  /** The key to pass as `after` to read on; `null` when the table's end was reached. */
  readonly nextAfter: string | null;
}

/**
 * A bounded run of a table's items in scan order, starting after the item keyed `after`: at most
 * `size` items, over as many Scan calls as the 1 MB page limit needs. For the admin console's
 * lists of small tables (contact messages, users, registration codes), which have no index to
 * read them in an order: each request reads one window, never the whole table
 * (docs/decisions.md, "Admin console lists: paged by windows"). The tables have a single string
 * key, `keyName`, so a position is that key's value.
 */
export async function scanWindow<T>(
  client: DynamoDBDocumentClient,
  tableName: string,
  keyName: string,
  { after, size }: ScanWindowRequest,
): Promise<ScanWindow<T>> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined = after === null ? undefined : { [keyName]: after };
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey, Limit: size - items.length }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < size);
  const nextAfter = startKey?.[keyName];
  return { items, nextAfter: typeof nextAfter === 'string' ? nextAfter : null };
}
