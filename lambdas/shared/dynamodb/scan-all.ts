import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Every item of a small table, page after page (a Scan reads at most 1 MB a call). For the admin
 * console's lists of contact messages, users and registration codes: tables of hundreds or a few
 * thousand items, read only by admins, sorted and searched in the function (DynamoDB's
 * `contains` is case-sensitive and a Scan has no order). `maxItems` bounds the work if a table
 * ever grows past what that is meant for; `complete` says whether everything was read.
 */
export async function scanAll<T>(
  client: DynamoDBDocumentClient,
  tableName: string,
  maxItems: number,
): Promise<{ readonly items: T[]; readonly complete: boolean }> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < maxItems);
  return { items: items.slice(0, maxItems), complete: startKey === undefined && items.length <= maxItems };
}
