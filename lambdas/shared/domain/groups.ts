/** Cognito groups. Beta customers join one through their registration code; admins invite users. */
export const BETA_CUSTOMER_GROUPS = ['Beta_Customer_R1', 'Beta_Customer_R2', 'Beta_Customer_R3'] as const;
export type BetaCustomerGroup = (typeof BETA_CUSTOMER_GROUPS)[number];

/** Whether `group` is one of the beta customer groups (and so not Admins, nor anything else). */
export function isBetaCustomerGroup(group: unknown): group is BetaCustomerGroup {
  return typeof group === 'string' && (BETA_CUSTOMER_GROUPS as readonly string[]).includes(group);
}

export const ADMIN_GROUP = 'Admins';
