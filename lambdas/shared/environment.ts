/**
 * Names of the environment variables the Lambda handlers read. The CDK constructs set them and
 * the local runtime sets the same ones, so a handler cannot tell where it runs.
 * Table name variables come from `lib/definitions/tables.ts` (`envVar`).
 */
export const ENV = {
  /** `recurly` in AWS, `local` in the offline runtime. */
  billingAdapter: 'BILLING_ADAPTER',
  /** Secrets Manager name of the Recurly private API key (AWS only). */
  recurlyApiKeySecretName: 'RECURLY_API_KEY_SECRET_NAME',
  /** The local billing's DynamoDB table (the offline runtime's stand-in for Recurly). */
  localBillingTable: 'LOCAL_BILLING_TABLE',
  /** `_dev`, `_stage` or empty: appended to every plan code. */
  planCodeSuffix: 'PLAN_CODE_SUFFIX',
  /** Product slug, the prefix of billing account codes. */
  productSlug: 'PRODUCT_SLUG',
  /** Comma-separated origins allowed by CORS (the website's origin). */
  allowedOrigins: 'ALLOWED_ORIGINS',
  /** DynamoDB endpoint override (the local runtime's dynalite). */
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  /**
   * Requests per user and minute behind the subscriber gate (the assistant's and the ATS's
   * routes, each family counted apart); 30 unless set.
   */
  rateLimitPerMinute: 'ASSISTANT_RATE_LIMIT_PER_MINUTE',
} as const;
