import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { UpstreamError } from '../errors';
import { createLogger } from '../logger';

const logger = createLogger({ component: 'webhook-secrets' });

/**
 * Where the webhook handler gets the endpoint secret(s) it verifies signatures with. During a
 * rotation the operator stores both secrets, the new one first: `new,old`.
 */
export interface WebhookSecretsSource {
  /** The secrets, read once and kept for the life of the container. */
  get(): Promise<readonly string[]>;
  /**
   * Reads the secrets again (the operator may have rotated them since), at most once per
   * `minReloadIntervalMs`: a flood of forged requests cannot turn into a flood of reads.
   * Answers the kept secrets when it is too early.
   */
  reload(): Promise<readonly string[]>;
}

/** Failures that will not go away by themselves: a person has to fix the secret or the grant. */
const PERMANENT_FAILURES = new Set([
  'ResourceNotFoundException',
  'AccessDeniedException',
  'DecryptionFailure',
  'InvalidParameterException',
  'InvalidRequestException',
]);

const UNAVAILABLE_MESSAGE = 'Webhooks cannot be verified right now.';

/**
 * The secrets in a secret's value: `secret`, `new,old`, or a JSON object (the console's key/value
 * editor) with `secrets` (an array, or a comma-separated string) or `secret`.
 */
export function parseWebhookSecrets(value: string | undefined): string[] {
  const text = value?.trim() ?? '';
  const split = (list: string) =>
    list
      .split(',')
      .map((secret) => secret.trim())
      .filter((secret) => secret !== '');
  if (!text.startsWith('{')) return split(text);
  try {
    const parsed = JSON.parse(text) as { secrets?: unknown; secret?: unknown };
    if (Array.isArray(parsed.secrets)) return parsed.secrets.filter((s): s is string => typeof s === 'string').flatMap(split);
    if (typeof parsed.secrets === 'string') return split(parsed.secrets);
    if (typeof parsed.secret === 'string') return split(parsed.secret);
    return [];
  } catch {
    return [];
  }
}

/** Fixed secrets (the local runtime's `RECURLY_WEBHOOK_SECRETS`, tests). */
export function staticWebhookSecrets(secrets: readonly string[]): WebhookSecretsSource {
  const kept = secrets.filter((secret) => secret !== '');
  return { get: async () => kept, reload: async () => kept };
}

export interface SecretsManagerWebhookSecretsOptions {
  readonly client?: SecretsManagerClient;
  /** @default 60 000 (one minute) */
  readonly minReloadIntervalMs?: number;
  readonly clock?: () => number;
}

/** The secrets from Secrets Manager, by name (`RECURLY_WEBHOOK_SECRET_NAME`). */
export function secretsManagerWebhookSecrets(secretName: string, options: SecretsManagerWebhookSecretsOptions = {}): WebhookSecretsSource {
  const client = options.client ?? new SecretsManagerClient({});
  const minReloadIntervalMs = options.minReloadIntervalMs ?? 60_000;
  const clock = options.clock ?? Date.now;
  let cached: { readonly secrets: Promise<readonly string[]>; readonly readAt: number } | undefined;

  const read = async (): Promise<readonly string[]> => {
    let secretString: string | undefined;
    try {
      secretString = (await client.send(new GetSecretValueCommand({ SecretId: secretName }))).SecretString;
    } catch (error) {
      const retryable = !PERMANENT_FAILURES.has(error instanceof Error ? error.name : '');
      logger.error('Could not read the webhook secret from Secrets Manager', { secretName, retryable, error });
      throw new UpstreamError(UNAVAILABLE_MESSAGE, { retryable, cause: error }, 'webhook_secret_unavailable');
    }
    const secrets = parseWebhookSecrets(secretString);
    if (secrets.length === 0) {
      logger.error('The webhook secret is empty', { secretName });
      throw new UpstreamError(UNAVAILABLE_MESSAGE, { retryable: false }, 'webhook_secret_unavailable');
    }
    return secrets;
  };

  const start = () => {
    const attempt = { secrets: read(), readAt: clock() };
    cached = attempt;
    // A failed read is not kept: the next request tries again.
    attempt.secrets.catch(() => {
      if (cached === attempt) cached = undefined;
    });
    return attempt.secrets;
  };

  return {
    get: () => cached?.secrets ?? start(),
    reload: () => (cached && clock() - cached.readAt < minReloadIntervalMs ? cached.secrets : start()),
  };
}
