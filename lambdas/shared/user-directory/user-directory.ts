/**
 * The user directory PORT: the identity service as the domain sees it (invite, group, look up,
 * delete). The Cognito adapter (`cognito-user-directory.ts`) implements it for AWS and, with
 * another endpoint, for cognito-local. No AWS types here.
 */

export interface InvitedPerson {
  /** Lower-case; it becomes the sign-in name (the pool's username attribute). */
  readonly email: string;
  /** Absent for a teammate invited by address only (they give their name on their profile). */
  readonly firstName?: string;
  readonly lastName?: string;
  readonly companyName?: string;
  /** E.164. */
  readonly phoneNumber?: string;
}

/** A user as the directory knows them. */
export interface DirectoryUser {
  /** The directory's username (with email sign-in, a generated id equal to the sub). */
  readonly username: string;
  /** The stable id; the User record's id. */
  readonly sub: string;
  readonly email?: string;
  /** UNCONFIRMED, CONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED... */
  readonly status: string;
  readonly enabled: boolean;
  /** Every attribute by name (`email`, `given_name`, `custom:companyName`...). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly groups: readonly string[];
  /** ISO-8601. */
  readonly createdAt?: string;
  readonly updatedAt?: string;
}

export interface InvitedUser {
  readonly username: string;
  readonly sub: string;
  /** FORCE_CHANGE_PASSWORD until the first sign-in with the temporary password. */
  readonly status: string;
}

export interface UserDirectory {
  /**
   * Creates the user with a temporary password and has the invitation with it delivered (Cognito
   * emails it in AWS; cognito-local puts it in the local outbox). The email counts as verified.
   * Throws a ConflictError when the email is taken.
   */
  inviteUser(person: InvitedPerson): Promise<InvitedUser>;
  /** Adds the user to a group; adding a member again changes nothing. NotFoundError: no such user. */
  addToGroup(username: string, group: string): Promise<void>;
  /** The user with their groups; `username` may also be the email or the sub. `undefined`: none. */
  getUser(username: string): Promise<DirectoryUser | undefined>;
  /** Deletes the user; false when there was no such user. */
  deleteUser(username: string): Promise<boolean>;
  /**
   * Sends the invitation again with a new temporary password (which also restarts its validity).
   * Only for a user who never signed in: a ConflictError `invitation_used` otherwise; NotFoundError: no such user.
   */
  resendInvitation(username: string): Promise<void>;
  /** Signs the user out on every device (their refresh tokens stop working); false when there was no such user. */
  signOutEverywhere(username: string): Promise<boolean>;
}
