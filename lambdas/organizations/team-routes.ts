import { TABLES } from '../../lib/definitions/tables';
import { userDirectoryFromEnvironment } from '../admin/dependencies';
import { activityRecorderFromEnvironment } from '../shared/activity/activity-log';
import {
  AcceptInvitationRequestSchema,
  ChangeRoleRequestSchema,
  InvitationAddressRequestSchema,
  InviteTeammateRequestSchema,
  MyInvitationsResponseSchema,
  TeamChangeResponseSchema,
  TransferOwnershipRequestSchema,
} from '../shared/contracts/organization';
import type { User } from '../shared/contracts/user';
import { createDocumentClient } from '../shared/dynamodb/document-client';
import { ENV } from '../shared/environment';
import { ValidationError } from '../shared/errors';
import { byRoute } from '../shared/http/by-route';
import { callerFromEvent } from '../shared/http/caller';
import {
  httpHandler,
  parseJsonBody,
  validateBody,
  type ApiGatewayHandler,
  type HttpHandlerOptions,
  type HttpResult,
} from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { createLogger } from '../shared/logger';
import { organizationsFromEnvironment } from '../shared/organizations/organizations-repository';
import { readEnvironment, requiredNameVariable } from '../shared/read-environment';
import { requireActiveUser } from '../shared/users/active-user';
import { createUsersRepository } from '../shared/users/users-repository';
import * as z from '../shared/zod';
import { callerTeam, createGetOrganizationHandler, GET_ORGANIZATION_ROUTE, teamView } from './get-organization';
import {
  acceptInvitation,
  changeRole,
  invitationsForCaller,
  inviteTeammate,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  type TeamCaller,
  type TeamDependencies,
} from './team-management';

/**
 * The team function (issue 18): one Lambda for the firm's team, its routes told apart by
 * `byRoute` (one function keeps the stack under CloudFormation's resource limit):
 * - `GET /user/organization`: the caller's firm (get-organization.ts);
 * - `POST /user/organization/invitations` `{ email, role }`: invite (201); beyond the free seats
 *   a 409 `seats_required` with `seatsToAdd`;
 * - `POST /user/organization/invitations/resend` and `/revoke` `{ email }`;
 * - `PATCH /user/organization/members/{userId}` `{ role }` and `DELETE …/members/{userId}`;
 * - `PUT /user/organization/owner` `{ userId }`: transfer ownership (owner only);
 * - `GET /user/invitations`: the pending invitations to the caller's address, and
 *   `POST /user/invitations/accept` `{ organizationId }`: join that firm.
 * Every change answers the team as the caller now sees it. The body is checked before anything is
 * read (400); the caller's firm is the one they are an active member of, never one named in the
 * request (another firm's member ids are simply not members here: 409, nothing changes).
 */

export const TEAM_ROUTES = {
  invite: 'POST /user/organization/invitations',
  resend: 'POST /user/organization/invitations/resend',
  revoke: 'POST /user/organization/invitations/revoke',
  changeRole: 'PATCH /user/organization/members/{userId}',
  remove: 'DELETE /user/organization/members/{userId}',
  transferOwnership: 'PUT /user/organization/owner',
  myInvitations: 'GET /user/invitations',
  accept: 'POST /user/invitations/accept',
} as const;

const MEMBER_ID_MESSAGE = 'The member id in the path is missing or too long.';

function memberIdOf(raw: string | undefined): string {
  const id = raw?.trim() ?? '';
  if (!id || id.length > 128) throw new ValidationError(MEMBER_ID_MESSAGE, { userId: MEMBER_ID_MESSAGE });
  return id;
}

type TeamRun<I> = (deps: TeamDependencies, caller: TeamCaller, input: I, pathUserId: string) => Promise<HttpResult | void>;

/**
 * A route that changes the caller's team: body checked, caller ACTIVE and an active member, the
 * change made, then the team as they see it now (200, or the change's own answer).
 */
function teamChange<S extends z.core.$ZodType | undefined>(
  spec: {
    readonly body?: S;
    readonly memberInPath?: boolean;
    readonly statusCode?: number;
    readonly run: TeamRun<S extends z.core.$ZodType ? z.output<S> : undefined>;
  },
  dependencies: () => TeamDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const identity = callerFromEvent(event);
    const input = (spec.body ? validateBody(parseJsonBody(event), spec.body) : undefined) as S extends z.core.$ZodType
      ? z.output<S>
      : undefined;
    const pathUserId = spec.memberInPath ? memberIdOf(event.pathParameters?.userId) : '';
    const deps = dependencies();
    const user = await requireActiveUser(deps.users, identity);
    const { team, viewer } = await callerTeam(deps.organizations, user);
    const outcome = await spec.run(deps, { user, team, actor: { userId: user.id, role: viewer.role } }, input, pathUserId);
    if (outcome) return outcome;
    return { statusCode: spec.statusCode ?? 200, body: TeamChangeResponseSchema.parse(await currentView(deps, user)) };
  }, options);
}

/** The caller's team as it is after a change (read again, strongly consistent). */
async function currentView(deps: TeamDependencies, user: User) {
  const { team, viewer } = await callerTeam(deps.organizations, user);
  return teamView(deps.users, team, viewer, user, deps.now());
}

export function createTeamHandler(dependencies: () => TeamDependencies, options?: HttpHandlerOptions): ApiGatewayHandler {
  const change = <S extends z.core.$ZodType | undefined>(spec: Parameters<typeof teamChange<S>>[0]) =>
    teamChange(spec, dependencies, options);
  return byRoute(
    {
      [GET_ORGANIZATION_ROUTE]: createGetOrganizationHandler(dependencies, options),
      [TEAM_ROUTES.invite]: change({
        body: InviteTeammateRequestSchema,
        run: async (deps, caller, request) => {
          const outcome = await inviteTeammate(deps, caller, request);
          if (!outcome.ok) return { statusCode: 409, body: outcome.refusal };
          const view = await currentView(deps, caller.user);
          return { statusCode: 201, body: TeamChangeResponseSchema.parse({ ...view, delivery: outcome.delivery }) };
        },
      }),
      [TEAM_ROUTES.resend]: change({
        body: InvitationAddressRequestSchema,
        run: async (deps, caller, { email }) => {
          const delivery = await resendInvitation(deps, caller, email);
          return { body: TeamChangeResponseSchema.parse({ ...(await currentView(deps, caller.user)), delivery }) };
        },
      }),
      [TEAM_ROUTES.revoke]: change({
        body: InvitationAddressRequestSchema,
        run: (deps, caller, { email }) => revokeInvitation(deps, caller, email),
      }),
      [TEAM_ROUTES.changeRole]: change({
        body: ChangeRoleRequestSchema,
        memberInPath: true,
        run: (deps, caller, { role }, userId) => changeRole(deps, caller, userId, role),
      }),
      [TEAM_ROUTES.remove]: change({ memberInPath: true, run: (deps, caller, _input, userId) => removeMember(deps, caller, userId) }),
      [TEAM_ROUTES.transferOwnership]: change({
        body: TransferOwnershipRequestSchema,
        run: (deps, caller, { userId }) => transferOwnership(deps, caller, userId),
      }),
      [TEAM_ROUTES.myInvitations]: httpHandler(async ({ event }) => {
        const deps = dependencies();
        const user = await requireActiveUser(deps.users, callerFromEvent(event));
        return { body: MyInvitationsResponseSchema.parse(await invitationsForCaller(deps, user)) };
      }, options),
      [TEAM_ROUTES.accept]: httpHandler(async ({ event }) => {
        const identity = callerFromEvent(event);
        const { organizationId } = validateBody(parseJsonBody(event), AcceptInvitationRequestSchema);
        const deps = dependencies();
        const user = await requireActiveUser(deps.users, identity);
        await acceptInvitation(deps, user, organizationId);
        return { body: TeamChangeResponseSchema.parse(await currentView(deps, user)) };
      }, options),
    },
    options,
  );
}

const TeamEnvironmentSchema = z.object({
  [TABLES.users.envVar]: requiredNameVariable,
  [ENV.dynamodbEndpoint]: z.optional(z.url()),
});

/** The team function's dependencies from its environment (tables, the user pool, the activity log); throws naming a missing variable. */
export function teamDependenciesFromEnvironment(): TeamDependencies {
  const env = readEnvironment(TeamEnvironmentSchema);
  const client = createDocumentClient({ endpoint: env[ENV.dynamodbEndpoint] });
  return {
    users: createUsersRepository({ client, tableName: env[TABLES.users.envVar] }),
    organizations: organizationsFromEnvironment(client),
    directory: userDirectoryFromEnvironment(),
    activity: activityRecorderFromEnvironment(client),
    now: () => new Date(),
    logger: createLogger({ component: 'team' }),
  };
}

export const handler = createTeamHandler(lazily(teamDependenciesFromEnvironment));
