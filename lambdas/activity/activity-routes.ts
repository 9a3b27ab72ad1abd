import { TABLES } from '../../lib/definitions/tables';
import {
  ACTIVITY_EXPORT_MAX_ROWS,
  ACTIVITY_EXPORT_TRUNCATED_HEADER,
  ACTIVITY_PAGE_READ_LIMIT,
  ACTIVITY_PAGE_SIZE,
  ActivityFilterQuerySchema,
  ActivityPageQuerySchema,
  activityActionsOf,
  type ActivityEntryView,
  type ActivityFilterQuery,
  type ActivityMemberView,
  type ActivityPageResponse,
} from '../shared/contracts/activity';
import type { User } from '../shared/contracts/user';
import type { ActivityEntry } from '../shared/domain/activity';
import { activitySentence, SYSTEM_ACTOR_ID, type ActivityPerson } from '../shared/domain/activity-sentences';
import { forbiddenUnless } from '../shared/domain/organization-rules';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { ENV } from '../shared/environment';
import { ForbiddenError } from '../shared/errors';
import { createActivityReader, type ActivityFilter, type ActivityReader } from '../shared/activity/activity-reader';
import { byRoute } from '../shared/http/by-route';
import { callerFromEvent } from '../shared/http/caller';
import { httpHandler, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { callersFirm, type Firm, type FirmLookups } from '../shared/organizations/caller-firm';
import { createOrganizationsRepository, type OrganizationsRepository } from '../shared/organizations/organizations-repository';
import { readEnvironment, requiredNameVariable } from '../shared/read-environment';
import { requireActiveUser } from '../shared/users/active-user';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';
import * as z from '../shared/zod';
import { ACTIVITY_CSV_HEADER, activityCsvRow, activityExportFileName, truncationRow } from './activity-csv';

/**
 * The firm's activity (audit) log for its owners and admins (issue 18), one function for two
 * routes (lambdas/shared/contracts/activity.ts):
 * - `GET /user/organization/activity`: a page of entries, newest first, with the people named;
 * - `GET /user/organization/activity/export`: every entry within the same filters as a CSV file.
 * The firm is the caller's (lambdas/shared/organizations/caller-firm.ts: their active membership,
 * confirmed on a strongly consistent read, so a member removed a moment ago is refused at once),
 * never a parameter: nothing of another firm is reachable. Recruiters get 403.
 */

export const ACTIVITY_ROUTES = {
  page: 'GET /user/organization/activity',
  export: 'GET /user/organization/activity/export',
} as const;

/**
 * The most entries an export reads from the table (matching or not), so a narrow filter over a
 * long history ends in bounded time; the file says so when it stops there.
 */
export const ACTIVITY_EXPORT_READ_LIMIT = 50_000;
/**
 * The most bytes of CSV an export answers: Lambda's synchronous response is at most 6 MB, JSON
 * escaping of the proxy result included. Past it the export is cut like past the row limit.
 */
export const ACTIVITY_EXPORT_MAX_BYTES = 5_000_000;

export interface ActivityRoutesDependencies {
  readonly users: UsersRepository;
  readonly organizations: FirmLookups & Pick<OrganizationsRepository, 'getTeam' | 'getOrganization'>;
  readonly activity: ActivityReader;
  readonly now?: () => Date;
}

/**
 * The caller's firm (caller-firm.ts, the rule the subscriber gate applies: a removed member is
 * refused at once) when their role may see its log; 403 `activity_forbidden` otherwise.
 */
async function firmForActivity(deps: ActivityRoutesDependencies, userId: string): Promise<Firm> {
  const firm = await callersFirm(deps.organizations, userId);
  const refusal = forbiddenUnless({ userId, role: firm.role }, 'viewActivity');
  if (refusal) throw new ForbiddenError(`${refusal.message} Ask an owner or an admin of your team.`, { code: 'activity_forbidden' });
  return firm;
}

function filterOf(query: ActivityFilterQuery): ActivityFilter {
  const actions = activityActionsOf(query.action);
  return {
    ...(query.actor ? { actorId: query.actor } : {}),
    ...(actions.length > 0 ? { actions } : {}),
    ...(query.subject ? { subjectId: query.subject } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
}

/** Reads each person once per request; a person without a record (gone, or the system) keeps their id only. */
function peopleReader(users: ActivityRoutesDependencies['users'], known: User) {
  const cache = new Map<string, Promise<ActivityPerson>>();
  const personOf = (record: User | undefined, userId: string): ActivityPerson => ({
    userId,
    firstName: record?.firstName ?? null,
    lastName: record?.lastName ?? null,
    email: record?.email ?? null,
  });
  cache.set(known.id, Promise.resolve(personOf(known, known.id)));
  return (userId: string): Promise<ActivityPerson> => {
    let person = cache.get(userId);
    if (!person) {
      person =
        userId === SYSTEM_ACTOR_ID
          ? Promise.resolve(personOf(undefined, userId))
          : users.getById(userId).then((record) => personOf(record, userId));
      cache.set(userId, person);
    }
    return person;
  };
}

/** Entries as the page and the export show them: people named, the sentence written. */
async function entryViews(
  entries: readonly ActivityEntry[],
  person: (userId: string) => Promise<ActivityPerson>,
): Promise<ActivityEntryView[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const [actor, subjectPerson] = await Promise.all([
        person(entry.actorId),
        entry.subject?.kind === 'member' ? person(entry.subject.id) : Promise.resolve(null),
      ]);
      const view = {
        entryId: entry.entryId,
        at: entry.at,
        action: entry.action,
        actor,
        subject: entry.subject ? { kind: entry.subject.kind, id: entry.subject.id, person: subjectPerson } : null,
        details: entry.details ?? {},
      };
      return { ...view, sentence: activitySentence(view) };
    }),
  );
}

const ROLE_ORDER = { owner: 0, admin: 1, recruiter: 2 } as const;

function queryOf(event: Parameters<ApiGatewayHandler>[0]): Record<string, string | undefined> {
  return { ...event.queryStringParameters };
}

export function createActivityPageHandler(dependencies: () => ActivityRoutesDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    // Checked before any read, so a malformed request costs no lookup.
    const query = validateBody(queryOf(event), ActivityPageQuerySchema);
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, caller);
    const firm = await firmForActivity(deps, user.id);
    const page = await deps.activity.readPage(firm.id, filterOf(query), {
      cursor: query.cursor,
      pageSize: ACTIVITY_PAGE_SIZE,
      readLimit: ACTIVITY_PAGE_READ_LIMIT,
    });
    const person = peopleReader(deps.users, user);
    const [entries, members] = await Promise.all([
      entryViews(page.entries, person),
      query.cursor === undefined ? memberViews(deps, firm, person) : Promise.resolve(null),
    ]);
    const body: ActivityPageResponse = { entries, nextCursor: page.nextCursor, members };
    return { body };
  }, options);
}

/**
 * Every member, removed ones too (their entries stay), active ones first, then by role and name.
 * A person in no firm yet is their own firm's only member.
 */
async function memberViews(
  deps: ActivityRoutesDependencies,
  firm: Firm,
  person: (userId: string) => Promise<ActivityPerson>,
): Promise<ActivityMemberView[]> {
  const members = (await deps.organizations.getTeam(firm.id))?.members ?? [{ userId: firm.id, role: firm.role, state: 'active' as const }];
  const views = await Promise.all(
    members.map(async (member) => ({ ...(await person(member.userId)), role: member.role, state: member.state })),
  );
  return views.sort(
    (a, b) =>
      Number(a.state === 'removed') - Number(b.state === 'removed') ||
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      `${a.firstName ?? ''} ${a.lastName ?? ''} ${a.email ?? ''}`.localeCompare(
        `${b.firstName ?? ''} ${b.lastName ?? ''} ${b.email ?? ''}`,
      ),
  );
}

export function createActivityExportHandler(
  dependencies: () => ActivityRoutesDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    const query = validateBody(queryOf(event), ActivityFilterQuerySchema);
    const deps = dependencies();
    const now = (deps.now ?? (() => new Date()))();
    const user = await requireActiveUser(deps.users, caller);
    const firm = await firmForActivity(deps, user.id);
    const firmName = (await deps.organizations.getOrganization(firm.id))?.name ?? user.companyName ?? '';
    const filter = filterOf(query);
    const person = peopleReader(deps.users, user);

    let csv = ACTIVITY_CSV_HEADER;
    let bytes = Buffer.byteLength(csv);
    let rows = 0;
    let read = 0;
    let cursor: string | undefined;
    let cut = false;
    do {
      const readLimit = Math.min(ACTIVITY_PAGE_READ_LIMIT * 2, ACTIVITY_EXPORT_READ_LIMIT - read);
      const page = await deps.activity.readPage(firm.id, filter, {
        cursor,
        // One more than the rows left: whether the export must be cut.
        pageSize: Math.min(1_000, ACTIVITY_EXPORT_MAX_ROWS + 1 - rows),
        readLimit,
      });
      read += readLimit;
      for (const view of await entryViews(page.entries, person)) {
        const row = activityCsvRow(view);
        const size = Buffer.byteLength(row);
        if (rows === ACTIVITY_EXPORT_MAX_ROWS || bytes + size > ACTIVITY_EXPORT_MAX_BYTES) {
          cut = true;
          break;
        }
        csv += row;
        bytes += size;
        rows += 1;
      }
      cursor = page.nextCursor ?? undefined;
      if (cursor !== undefined && read >= ACTIVITY_EXPORT_READ_LIMIT) cut = true;
    } while (!cut && cursor !== undefined);
    if (cut) csv += truncationRow(rows);

    return {
      body: csv,
      contentType: 'text/csv; charset=utf-8',
      headers: {
        'Content-Disposition': `attachment; filename="${activityExportFileName(firmName, firm.id, now)}"`,
        ...(cut ? { [ACTIVITY_EXPORT_TRUNCATED_HEADER]: 'true' } : {}),
      },
    };
  }, options);
}

const ActivityEnvironmentSchema = z.object({
  [TABLES.users.envVar]: requiredNameVariable,
  [TABLES.organizations.envVar]: requiredNameVariable,
  [TABLES.activity.envVar]: requiredNameVariable,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

const environment = lazily((): ActivityRoutesDependencies => {
  const env = readEnvironment(ActivityEnvironmentSchema);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  return {
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    organizations: createOrganizationsRepository({ client, tableName: env[TABLES.organizations.envVar] }),
    activity: createActivityReader({ client, tableName: env[TABLES.activity.envVar] }),
  };
});

/** The Lambda entry point: both routes on one function (the stack is near CloudFormation's resource limit). */
export const handler = byRoute({
  [ACTIVITY_ROUTES.page]: createActivityPageHandler(environment),
  [ACTIVITY_ROUTES.export]: createActivityExportHandler(environment),
});
