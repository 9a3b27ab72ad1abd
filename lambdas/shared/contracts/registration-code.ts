import type { BetaCustomerGroup } from '../domain/groups';

/**
 * A registration code as stored in the registrationCodes table. Codes are data: operators add
 * them (the local runtime seeds one per beta group); the pre-sign-up trigger checks them and the
 * post-confirmation trigger counts a use.
 */
export interface RegistrationCodeRecord {
  /** The code a person types, stored upper-case. */
  code: string;
  /** The beta group the person joins. */
  group: BetaCustomerGroup;
  /** ISO-8601 instant after which the code is refused; absent: never expires. */
  expiresAt?: string;
  /** How many sign-ups the code allows; absent: unlimited. */
  maxUses?: number;
  /** Completed sign-ups (post-confirmation) so far. */
  uses: number;
  createdAt: string;
  updatedAt: string;
}
