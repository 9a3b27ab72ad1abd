import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLES } from '../../../lib/definitions/tables';
import { ACTIVITY_CURSOR_MESSAGE } from '../contracts/activity';
import { isActivityKept, type ActivityAction, type ActivityEntry } from '../domain/activity';
import { opaqueCursor } from '../dynamodb/opaque-cursor';
import { readEnvironment, requiredNameVariable } from '../read-environment';
import * as z from '../zod';

/**
 * Reads a firm's activity (audit) log from the activity table, which activity-log.ts writes (the
 * item is the stored {@link ActivityEntry}: partition `organizationId`, sort `entryId` =
 * `<ISO time>#<uuid>`, so the sort key orders entries by time). A page is one Query on the firm's
 * partition, newest first, within the time range as a range of the sort key; the other filters
 * and the retention ({@link isActivityKept}: DynamoDB's TTL deletes late, so expired entries are
 * skipped here) are applied to what was read. A request reads at most `readLimit` items.
 */

/** Which entries: each given filter must match. */
export interface ActivityFilter {
  /** The acting user's id. */
  readonly actorId?: string;
  /** Any of these actions (none given: every action). */
  readonly actions?: readonly ActivityAction[];
  /** The id of what the entry is about. */
  readonly subjectId?: string;
  /** The earliest and latest moments (ISO 8601, inclusive). */
  readonly from?: string;
  readonly to?: string;
}

export interface ActivityPageRequest {
  /** The previous page's `nextCursor`; absent: the newest entries. */
  readonly cursor?: string;
  /** The most entries the page holds. */
  readonly pageSize: number;
  /** The most items the request reads from the table (matching or not). */
  readonly readLimit: number;
}

export interface ActivityPage {
  readonly entries: ActivityEntry[];
  /** Where the next page starts; `null` when nothing older is left in the range. */
  readonly nextCursor: string | null;
}

export interface ActivityReader {
  readPage(organizationId: string, filter: ActivityFilter, request: ActivityPageRequest): Promise<ActivityPage>;
}

export interface ActivityReaderOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ACTIVITY_TABLE`. */
  readonly tableName: string;
  readonly now?: () => Date;
}

/** An entry id as activity.ts makes them: `<ISO time>#<uuid>`. */
const ENTRY_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/;
const ACTIVITY_CURSOR = opaqueCursor(
  { before: z.string().check(z.regex(ENTRY_ID_PATTERN)) },
  { message: ACTIVITY_CURSOR_MESSAGE, code: 'invalid_cursor' },
);

/** A cursor: the entry the previous page ended with (the next page holds older ones only). */
export function encodeActivityCursor(entryId: string): string {
  return ACTIVITY_CURSOR.encode({ before: entryId });
}

/** The entry id a cursor names; a cursor the log did not give is a 400 on `cursor`. */
export function decodeActivityCursor(cursor: string): string {
  return ACTIVITY_CURSOR.decode(cursor).before;
}

/** Sorts after every entry id of a moment (`#` then hex digits and dashes). */
const AFTER_ANY_ID = '#~';

/** Whether an entry that is still kept matches the filter's actor, actions and subject. */
export function matchesActivityFilter(entry: ActivityEntry, filter: ActivityFilter): boolean {
  if (filter.actorId !== undefined && entry.actorId !== filter.actorId) return false;
  if (filter.actions && filter.actions.length > 0 && !filter.actions.includes(entry.action)) return false;
  if (filter.subjectId !== undefined && entry.subject?.id !== filter.subjectId) return false;
  return true;
}

export function createActivityReader({ client, tableName, now = () => new Date() }: ActivityReaderOptions): ActivityReader {
  return {
    async readPage(organizationId, filter, { cursor, pageSize, readLimit }) {
      const before = cursor === undefined ? undefined : decodeActivityCursor(cursor);
      const lower = filter.from ? new Date(filter.from).toISOString() : '0';
      const latest = filter.to ? `${new Date(filter.to).toISOString()}${AFTER_ANY_ID}` : '~';
      // The cursor's own entry is the upper end of the range and skipped below (it was shown).
      const upper = before !== undefined && before < latest ? before : latest;
      if (lower > upper) return { entries: [], nextCursor: null };

      const at = now();
      const entries: ActivityEntry[] = [];
      let read = 0;
      let lastRead: string | undefined;
      let startKey: Record<string, unknown> | undefined;
      for (;;) {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'organizationId = :organizationId AND entryId BETWEEN :lower AND :upper',
            ExpressionAttributeValues: { ':organizationId': organizationId, ':lower': lower, ':upper': upper },
            ScanIndexForward: false,
            // One more than the page needs: whether another entry follows decides `nextCursor`.
            Limit: Math.min(readLimit - read, pageSize + 1 - entries.length),
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of (page.Items ?? []) as ActivityEntry[]) {
          if (entries.length === pageSize) return { entries, nextCursor: encodeActivityCursor(lastRead!) };
          read += 1;
          lastRead = item.entryId;
          if (item.entryId !== before && isActivityKept(item, at) && matchesActivityFilter(item, filter)) entries.push(item);
        }
        startKey = page.LastEvaluatedKey;
        if (!startKey) return { entries, nextCursor: null };
        if (read >= readLimit) return { entries, nextCursor: lastRead === undefined ? null : encodeActivityCursor(lastRead) };
      }
    },
  };
}

/** The activity reader of a deployed function (`ACTIVITY_TABLE`), on its document client. */
export function activityReaderFromEnvironment(client: DynamoDBDocumentClient): ActivityReader {
  const env = readEnvironment(z.object({ [TABLES.activity.envVar]: requiredNameVariable }));
  return createActivityReader({ client, tableName: env[TABLES.activity.envVar] });
}
