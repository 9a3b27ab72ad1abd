import { randomUUID } from 'node:crypto';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLES } from '../../../lib/definitions/tables';
import { activityEntry, type ActivityEntry, type ActivityInput } from '../domain/activity';
import { createLogger, type Logger } from '../logger';
import { readEnvironment, requiredNameVariable } from '../read-environment';
import * as z from '../zod';

/**
 * Writes a firm's activity (audit) entries to the activity table (lib/definitions/tables.ts
 * `activity`). What an entry may say is lambdas/shared/domain/activity.ts's; this only stores it.
 *
 * Recording comes after the action it describes has happened, and never undoes or fails it: a
 * failed write is logged at error level (`activity_not_recorded`, with the firm, actor and action,
 * never the details) so the alarm on Lambda error logs sees it, and the caller's answer stands.
 * Functions that record are granted `append` (PutItem) on the table and nothing else.
 */
export interface ActivityRecorder {
  /** Stores one entry; resolves whether or not it was stored (see above). */
  record(input: ActivityInput): Promise<void>;
}

export interface ActivityLogOptions {
  readonly client: DynamoDBDocumentClient;
  /** `ACTIVITY_TABLE`. */
  readonly tableName: string;
  readonly now?: () => Date;
  readonly logger?: Logger;
}

const defaultLogger = createLogger({ component: 'activity-log' });

export function createActivityRecorder({
  client,
  tableName,
  now = () => new Date(),
  logger = defaultLogger,
}: ActivityLogOptions): ActivityRecorder {
  return {
    async record(input) {
      const about = { organizationId: input.organizationId, actorId: input.actorId, action: input.action };
      const made = activityEntry(input, now(), randomUUID());
      if (!made.ok) {
        logger.error('activity_not_recorded', { ...about, problem: made.problem });
        return;
      }
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: made.entry satisfies ActivityEntry }));
      } catch (error) {
        logger.error('activity_not_recorded', { ...about, error });
      }
    },
  };
}

/** The activity recorder of a deployed function (`ACTIVITY_TABLE`), on its document client. */
export function activityRecorderFromEnvironment(client: DynamoDBDocumentClient): ActivityRecorder {
  const env = readEnvironment(z.object({ [TABLES.activity.envVar]: requiredNameVariable }));
  return createActivityRecorder({ client, tableName: env[TABLES.activity.envVar] });
}
