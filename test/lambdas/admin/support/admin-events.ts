import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ADMIN_GROUP } from '../../../../lambdas/shared/domain/groups';
import type { UserDirectory } from '../../../../lambdas/shared/user-directory/user-directory';
import { newUserRecord } from '../../../../lambdas/shared/users/new-user-record';
import type { UsersRepository } from '../../../../lambdas/shared/users/users-repository';
import { apiGatewayEvent } from '../../support/api-gateway-event';

export const WEB_ORIGIN = 'http://127.0.0.1:5180';

/** Claims API Gateway's Cognito authorizer passes on from a verified id token (all strings). */
export function claims(sub: string, groups: string | undefined): Record<string, string> {
  return {
    sub,
    'cognito:username': sub,
    email: `${sub}@example.com`,
    token_use: 'id',
    ...(groups === undefined ? {} : { 'cognito:groups': groups }),
  };
}

export const ADMIN_CLAIMS = claims('admin-sub', 'Admins');
export const MEMBER_CLAIMS = claims('member-sub', 'Beta_Customer_R1');

/** A POST to an admin route, as API Gateway sends it after the authorizer (claims null: no authorizer in front). */
export function adminEvent(
  resource: string,
  body: unknown,
  authorizerClaims: Record<string, string> | null = ADMIN_CLAIMS,
): APIGatewayProxyEvent {
  const event = apiGatewayEvent({
    method: 'POST',
    resource,
    headers: { Origin: WEB_ORIGIN, 'Content-Type': 'application/json', Authorization: 'id-token' },
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { ...event, requestContext: { ...event.requestContext, authorizer: authorizerClaims ? { claims: authorizerClaims } : null } };
}

/**
 * A real admin in the stand-ins (Cognito user in Admins, ACTIVE record) and the claims of their
 * token: the admin routes check the directory and the record, not only the claim.
 */
export async function realAdminClaims(
  services: { readonly directory: UserDirectory; readonly users: UsersRepository },
  email: string,
  groupsClaim = 'Admins',
): Promise<Record<string, string>> {
  const invited = await services.directory.inviteUser({ email, firstName: 'Ada', lastName: 'Admin', companyName: 'Ops' });
  await services.directory.addToGroup(invited.username, ADMIN_GROUP);
  await services.users.putIfAbsent(
    newUserRecord({ id: invited.sub, email, details: { firstName: 'Ada', lastName: 'Admin', companyName: 'Ops' }, now: new Date() }),
  );
  return { ...claims(invited.sub, groupsClaim), 'cognito:username': invited.username, email };
}
