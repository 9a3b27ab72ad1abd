/**
 * API Gateway's integration time-out for a REST API: it answers 504 after 29 s whatever the
 * function still does (the RestApi construct does not raise the quota). Every route's function
 * must end before it; lib/constructs/rest-api.ts refuses a longer `timeoutSeconds`.
 */
export const API_GATEWAY_TIMEOUT_SECONDS = 29;
