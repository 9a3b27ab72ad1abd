import { activityRecorderFromEnvironment, type ActivityRecorder } from '../../shared/activity/activity-log';
import type { ActivityDetails } from '../../shared/domain/activity';
import { createDocumentClient } from '../../shared/dynamodb/document-client';
import { ENV } from '../../shared/environment';
import { lazily } from '../../shared/lazily';
import type { AtsErrorReason } from '../ats-port';
import type { AtsSyncStatus } from '../sync/sync-store';

/**
 * The firm's ATS connection in its activity log (issue 18): who connected, tested, synced or
 * disconnected it. The one owner of what those entries say: the vendor, the outcome (`ok` or
 * `failed`, with the failure's kind, never the ATS's words), and for a sync the records of the
 * firm's jobs and candidates it stored, the records it skipped, and whether it read everything.
 * Never a key, an account name or anything of a candidate. Recorded only after the change
 * happened; the recorder never throws (lambdas/shared/activity/activity-log.ts).
 */

/** The routes that change the connection record with this (`ACTIVITY_TABLE`, append only). */
export interface AtsActivityDependencies {
  readonly activity: ActivityRecorder;
}

/** `dependencies` plus the activity recorder of the handler's environment, both resolved on first use. */
export function withAtsActivity<D>(dependencies: () => D): () => D & AtsActivityDependencies {
  return lazily(() => ({
    ...dependencies(),
    activity: activityRecorderFromEnvironment(createDocumentClient({ endpoint: process.env[ENV.dynamodbEndpoint] })),
  }));
}

/** A test or sync that threw something other than the ATS's refusal (the route answers 500). */
export const UNEXPECTED_FAILURE = 'unexpected';

/** How a sync ended: `failure` null when it completed. */
export interface AtsSyncEnd {
  readonly failure: AtsErrorReason | typeof UNEXPECTED_FAILURE | null;
  /** The sync as it ended (counts over all its calls); absent when it ended on an unexpected error. */
  readonly status?: AtsSyncStatus;
}

export type AtsActivityEvent =
  | { readonly action: 'ats.connected' | 'ats.disconnected'; readonly vendor: string }
  | { readonly action: 'ats.tested'; readonly vendor: string; readonly failure: AtsErrorReason | null }
  | ({ readonly action: 'ats.synced'; readonly vendor: string } & AtsSyncEnd);

function eventDetails(event: AtsActivityEvent): ActivityDetails {
  switch (event.action) {
    case 'ats.connected':
    case 'ats.disconnected':
      return { vendor: event.vendor };
    case 'ats.tested':
      return outcomeDetails(event.vendor, event.failure);
    case 'ats.synced': {
      if (!event.status) return outcomeDetails(event.vendor, event.failure);
      const { counts, fullPass } = event.status;
      return {
        ...outcomeDetails(event.vendor, event.failure),
        pass: fullPass ? 'full' : 'incremental',
        jobs: counts.jobs.stored,
        candidates: counts.candidates.stored,
        skipped: counts.jobs.skipped + counts.candidates.skipped + counts.applications.skipped,
      };
    }
  }
}

function outcomeDetails(vendor: string, failure: string | null): ActivityDetails {
  return failure ? { vendor, outcome: 'failed', failure } : { vendor, outcome: 'ok' };
}

/** Records `event` in `firmId`'s log as done by `actorId`, about the vendor's connection. */
export function recordAtsActivity(activity: ActivityRecorder, firmId: string, actorId: string, event: AtsActivityEvent): Promise<void> {
  return activity.record({
    organizationId: firmId,
    actorId,
    action: event.action,
    subject: { kind: 'ats', id: event.vendor },
    details: eventDetails(event),
  });
}
