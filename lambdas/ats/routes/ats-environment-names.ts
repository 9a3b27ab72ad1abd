/**
 * The environment variables of the ATS routes (issue 7), beside the table variables of
 * `lib/definitions/tables.ts`. The RestApi construct sets `ATS_KMS_KEY_ID` on routes with
 * `atsCredentials`; the local runtime sets `ATS_LOCAL_KEY_FILE` and `ATS_BASE_URLS` instead.
 * Plain constants: the CDK code and the local runtime import them too.
 */
export const ATS_ENV = {
  /** The KMS key (id or ARN) that seals ATS credentials (AWS). */
  kmsKeyId: 'ATS_KMS_KEY_ID',
  /** The local AES-256-GCM key file (offline runtime only; created 0600 on first use). */
  localKeyFile: 'ATS_LOCAL_KEY_FILE',
  /**
   * JSON object of API roots by ATS name, e.g. `{"greenhouse":"http://127.0.0.1:5186/v3"}`
   * (Workable's with a `{subdomain}` placeholder): the local runtime's fake ATS servers. Never
   * set in AWS, where each connector uses its ATS's own origin.
   */
  baseUrls: 'ATS_BASE_URLS',
  /**
   * Comma-separated origins the fake Bullhorn's answers point to (its sign-in and REST servers),
   * offline only: the Bullhorn connector follows no other URL. Never set in AWS, where only
   * Bullhorn's own https hosts are followed.
   */
  bullhornOrigins: 'ATS_BULLHORN_ORIGINS',
} as const;
