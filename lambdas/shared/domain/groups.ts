/** Cognito groups. Beta customers join one through their registration code; admins invite users. */
export const BETA_CUSTOMER_GROUPS = ['Beta_Customer_R1', 'Beta_Customer_R2', 'Beta_Customer_R3'] as const;
export type BetaCustomerGroup = (typeof BETA_CUSTOMER_GROUPS)[number];

export const ADMIN_GROUP = 'Admins';
