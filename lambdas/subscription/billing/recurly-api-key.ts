import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BillingUnavailableError } from '../../shared/errors';
import { createLogger } from '../../shared/logger';

const logger = createLogger({ component: 'recurly-api-key' });

/** Where the Recurly adapter gets its private API key. */
export interface RecurlyApiKeySource {
  /** The key; read once and cached for the life of the container. */
  get(): Promise<string>;
  /** Drops the cached key (Recurly rejected it, so it may have been rotated). */
  forget(): void;
}

/** Failures that will not go away by themselves: a person has to fix the secret or the grant. */
const PERMANENT_FAILURES = new Set([
  'ResourceNotFoundException',
  'AccessDeniedException',
  'AccessDeniedError',
  'DecryptionFailure',
  'InvalidParameterException',
  'InvalidRequestException',
]);

const UNAVAILABLE_MESSAGE = 'Billing is unavailable right now. Please try again later.';

/**
 * Reads the secret's value as the key: either the plain key, or a JSON object with an `apiKey`
 * field (what the Secrets Manager console's key/value editor writes).
 */
export function apiKeyFromSecretString(secret: string | undefined): string | undefined {
  const text = secret?.trim();
  if (!text) return undefined;
  if (!text.startsWith('{')) return text;
  try {
    const parsed = JSON.parse(text) as { apiKey?: unknown };
    return typeof parsed.apiKey === 'string' && parsed.apiKey.trim() !== '' ? parsed.apiKey.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Recurly API key from Secrets Manager, by secret name (`RECURLY_API_KEY_SECRET_NAME`).
 * One read per container: concurrent first calls share the same read, a failed read is not
 * cached (the next request tries again).
 */
export function secretsManagerApiKeySource(
  secretName: string,
  client: SecretsManagerClient = new SecretsManagerClient({}),
): RecurlyApiKeySource {
  let cached: Promise<string> | undefined;

  const read = async (): Promise<string> => {
    let secretString: string | undefined;
    try {
      const answer = await client.send(new GetSecretValueCommand({ SecretId: secretName }));
      secretString = answer.SecretString;
    } catch (error) {
      const name = error instanceof Error ? error.name : 'UnknownError';
      const retryable = !PERMANENT_FAILURES.has(name);
      logger.error('Could not read the Recurly API key from Secrets Manager', { secretName, retryable, error });
      throw new BillingUnavailableError(UNAVAILABLE_MESSAGE, { retryable, cause: error });
    }
    const apiKey = apiKeyFromSecretString(secretString);
    if (!apiKey) {
      logger.error('The Recurly API key secret is empty or has no apiKey field', { secretName });
      throw new BillingUnavailableError(UNAVAILABLE_MESSAGE, { retryable: false });
    }
    return apiKey;
  };

  return {
    get() {
      if (!cached) {
        const attempt = read();
        cached = attempt;
        attempt.catch(() => {
          if (cached === attempt) cached = undefined;
        });
      }
      return cached;
    },
    forget() {
      cached = undefined;
    },
  };
}
