import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Alias, Key, type IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { CREDENTIAL_PURPOSE } from '../../lambdas/ats/credentials/credential-cipher';

/** The encryption-context key every ATS credential call carries (`purpose: ats-credential`). */
export const ATS_CREDENTIAL_PURPOSE_CONDITION = 'kms:EncryptionContext:purpose';

/** What a handler with `atsCredentials` may do with the key: seal and open, nothing else. */
export const ATS_CREDENTIAL_ACTIONS = ['kms:Encrypt', 'kms:Decrypt'] as const;

/**
 * The cryptographic operations the key policy refuses, for everyone, unless the request's
 * encryption context says `purpose: ats-credential`.
 */
const CRYPTOGRAPHIC_ACTIONS = ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*'];

export interface AtsCredentialsKeyProps {
  /** `<slug>-<stage>`: the alias is `alias/<name>/ats-credentials`. */
  readonly name: string;
}

/**
 * The customer managed KMS key that seals recruiters' ATS API keys on their User records
 * (lambdas/ats/credentials/kms-cipher.ts: Encrypt and Decrypt directly, encryption context
 * `{ userId, field, purpose: 'ats-credential' }`). Rotated yearly by KMS (old ciphertexts keep
 * opening), aliased per stage, and **retained in every stage** when removed from the stack or the
 * stack is deleted: without the key, every saved ATS key is unreadable for good. Its policy refuses
 * any cryptographic use without the credential purpose, so the key serves nothing else, whoever
 * asks; handlers get exactly Encrypt and Decrypt through {@link atsCredentialStatement}.
 *
 * The construct id of the key (`Key`) is part of a stateful logical id: never rename it.
 */
export class AtsCredentialsKey extends Construct {
  public readonly key: Key;
  public readonly alias: Alias;

  constructor(scope: Construct, id: string, props: AtsCredentialsKeyProps) {
    super(scope, id);

    this.key = new Key(this, 'Key', {
      description: `Seals the ATS API keys recruiters save in ${props.name} (encryption context purpose=${CREDENTIAL_PURPOSE}). Never delete: every saved ATS key would be lost.`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Only reached if someone schedules deletion by hand: the longest window to change their mind.
      pendingWindow: Duration.days(30),
    });
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'OnlyForAtsCredentials',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: CRYPTOGRAPHIC_ACTIONS,
        resources: ['*'],
        conditions: { StringNotEquals: { [ATS_CREDENTIAL_PURPOSE_CONDITION]: CREDENTIAL_PURPOSE } },
      }),
    );
    this.alias = new Alias(this, 'Alias', { aliasName: `alias/${props.name}/ats-credentials`, targetKey: this.key });
  }
}

/**
 * Allows exactly `kms:Encrypt` and `kms:Decrypt` on `key`, and only for requests whose encryption
 * context carries `purpose: ats-credential`: the functions cannot use the key for anything else.
 */
export function atsCredentialStatement(key: IKey): PolicyStatement {
  return new PolicyStatement({
    sid: 'SealAndOpenAtsCredentials',
    actions: [...ATS_CREDENTIAL_ACTIONS],
    resources: [key.keyArn],
    conditions: { StringEquals: { [ATS_CREDENTIAL_PURPOSE_CONDITION]: CREDENTIAL_PURPOSE } },
  });
}
