/**
 * What every product Lambda function gets unless it asks for more: read by the ProductFunction
 * construct (AWS), the route definitions and the local runtime's Lambda host, so a function runs
 * offline with the limits it has in AWS. Plain TypeScript: no aws-cdk-lib imports.
 */

/** Seconds a function may run when it declares no time-out. */
export const DEFAULT_FUNCTION_TIMEOUT_SECONDS = 10;

/** Memory in MB: enough CPU for a quick cold start of the SDK clients. */
export const DEFAULT_FUNCTION_MEMORY_MB = 512;
