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
  /** `_dev`, `_stage` or empty: appended to every plan code. */
  planCodeSuffix: 'PLAN_CODE_SUFFIX',
  /** Product slug, the prefix of billing account codes. */
  productSlug: 'PRODUCT_SLUG',
  /** Comma-separated origins allowed by CORS (the website's origin). */
  allowedOrigins: 'ALLOWED_ORIGINS',
  /** DynamoDB endpoint override (the local runtime's dynalite). */
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
} as const;
