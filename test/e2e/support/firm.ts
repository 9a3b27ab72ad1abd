import type { AssignableRole } from '../../../lambdas/shared/domain/organization-rules';
import { firmSeed } from '../../security/support/firm-seed';
import { localDatabase, localTable, scanTable } from './local-runtime';

/**
 * Firms on the local runtime for the organization specs (issue 18): the tables by name, people by
 * id, and a teammate joining through the organization rules (firm-seed.ts) rather than the Team
 * page's invitation mail, which team.spec.ts and invitations.spec.ts walk through.
 */

/** The id (Cognito sub) of the User record with `email`. */
export async function userIdOf(email: string): Promise<string> {
  const [user] = (await scanTable('users')).filter((record) => record.email === email);
  if (!user) throw new Error(`No User record for ${email}`);
  return String(user.id);
}

/** Makes the person with `email` a `role` of the firm founded by `ownerId` (adding the seat it needs). */
export async function joinFirm(ownerId: string, email: string, role: AssignableRole): Promise<void> {
  await firmSeed(localDatabase(), await localTable('organizations')).join(ownerId, { sub: await userIdOf(email), email }, role);
}
