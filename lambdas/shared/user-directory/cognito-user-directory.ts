import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConflictError, NotFoundError, RateLimitedError, UpstreamError, ValidationError } from '../errors';
import { SIGN_UP_ATTRIBUTES } from '../registration-codes/sign-up-contract';
import type { InvitedPerson, InvitedUser, UserDirectory } from './user-directory';

/**
 * The user directory ADAPTER for a Cognito user pool (AWS, or cognito-local in the local runtime:
 * the same code with `COGNITO_ENDPOINT`). Cognito's failures become domain errors: a taken email
 * is a ConflictError, an unknown user a NotFoundError or `undefined`, throttling a
 * RateLimitedError, an outage a retryable UpstreamError.
 */

export interface CognitoUserDirectoryOptions {
  readonly client: CognitoIdentityProviderClient;
  readonly userPoolId: string;
}

export interface CognitoClientOptions {
  /** `COGNITO_ENDPOINT`: cognito-local; absent in AWS. */
  readonly endpoint?: string;
  /** Absent: the SDK's default (`AWS_REGION` in Lambda). */
  readonly region?: string;
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/** A Cognito Identity Provider client; create one per module. */
export function createCognitoClient(options: CognitoClientOptions = {}): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.region ? { region: options.region } : {}),
    ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
    maxAttempts: 3,
  });
}

const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException']);
const TRANSIENT = new Set(['InternalErrorException', 'ServiceUnavailableException', 'TimeoutError', 'UnexpectedLambdaException']);
/** Network failures before any answer (by code, or in the message once the retry layer wrapped them). */
const NETWORK = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN)\b/;

function errorName(error: unknown): string | undefined {
  return (error as { name?: string } | undefined)?.name;
}

/** Cognito's failures that are not about one user, as domain errors. */
function translate(error: unknown, action: string): unknown {
  const name = errorName(error);
  if (name && THROTTLED.has(name)) return new RateLimitedError(undefined, { cause: error });
  if (name === 'InvalidParameterException') {
    // Cognito's own wording ("Invalid phone number format.") is about the input: safe to show.
    return new ValidationError(`The identity service refused the user's details: ${(error as Error).message}`, {}, { cause: error });
  }
  const details = (error ?? {}) as { $metadata?: { httpStatusCode?: number }; code?: unknown; message?: unknown };
  const status = details.$metadata?.httpStatusCode;
  const network = NETWORK.test(`${String(details.code)} ${String(details.message)}`);
  if ((name && TRANSIENT.has(name)) || (status !== undefined && status >= 500) || network) {
    return new UpstreamError(`The identity service could not ${action} right now. Please try again shortly.`, {
      retryable: true,
      cause: error,
    });
  }
  if (name === 'NotAuthorizedException' || name === 'AccessDeniedException' || name === 'ResourceNotFoundException') {
    return new UpstreamError(`The identity service refused to ${action}.`, { retryable: false, cause: error });
  }
  return error;
}

function attributeMap(attributes: readonly AttributeType[] | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { Name, Value } of attributes ?? []) if (Name !== undefined && Value !== undefined) map[Name] = Value;
  return map;
}

export function createCognitoUserDirectory(options: CognitoUserDirectoryOptions): UserDirectory {
  const { client, userPoolId } = options;

  const listGroups = async (username: string): Promise<string[]> => {
    const groups: string[] = [];
    let nextToken: string | undefined;
    do {
      const page = await client.send(
        new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username, NextToken: nextToken }),
      );
      for (const group of page.Groups ?? []) if (group.GroupName) groups.push(group.GroupName);
      nextToken = page.NextToken;
    } while (nextToken);
    return groups.sort();
  };

  return {
    async inviteUser(person: InvitedPerson): Promise<InvitedUser> {
      const attributes: AttributeType[] = [
        { Name: SIGN_UP_ATTRIBUTES.email, Value: person.email },
        { Name: 'email_verified', Value: 'true' },
      ];
      for (const field of ['firstName', 'lastName', 'companyName', 'phoneNumber'] as const) {
        const value = person[field];
        if (value) attributes.push({ Name: SIGN_UP_ATTRIBUTES[field], Value: value });
      }
      let created;
      try {
        created = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: person.email,
            UserAttributes: attributes,
            // Cognito generates the temporary password and emails the invitation with it.
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
      } catch (error) {
        if (errorName(error) === 'UsernameExistsException') {
          throw new ConflictError('A user with this email address already exists.', { code: 'user_exists', cause: error });
        }
        throw translate(error, 'create the user');
      }
      const user = created.User;
      const sub = attributeMap(user?.Attributes).sub;
      if (!user?.Username || !sub) throw new UpstreamError('The identity service answered without the new user.', { retryable: false });
      return { username: user.Username, sub, status: user.UserStatus ?? 'FORCE_CHANGE_PASSWORD' };
    },

    async addToGroup(username, group) {
      try {
        await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }));
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') throw new NotFoundError('No user with this username.', { cause: error });
        if (errorName(error) === 'ResourceNotFoundException') {
          throw new UpstreamError(`The group ${group} does not exist in the user pool.`, { retryable: false, cause: error });
        }
        throw translate(error, 'add the user to the group');
      }
    },

    async getUser(username) {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
        const attributes = attributeMap(user.UserAttributes);
        const found = user.Username ?? username;
        return {
          username: found,
          sub: attributes.sub ?? found,
          ...(attributes.email ? { email: attributes.email } : {}),
          status: user.UserStatus ?? 'UNKNOWN',
          enabled: user.Enabled ?? true,
          attributes,
          groups: await listGroups(found),
          ...(user.UserCreateDate ? { createdAt: new Date(user.UserCreateDate).toISOString() } : {}),
          ...(user.UserLastModifiedDate ? { updatedAt: new Date(user.UserLastModifiedDate).toISOString() } : {}),
        };
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return undefined;
        throw translate(error, 'look the user up');
      }
    },

    async resendInvitation(username) {
      try {
        // https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminCreateUser.html:
        // RESEND sends the invitation again to an existing user and resets the temporary password's validity.
        await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: username,
            MessageAction: 'RESEND',
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') throw new NotFoundError('No user with this username.', { cause: error });
        if (errorName(error) === 'UnsupportedUserStateException') {
          throw new ConflictError('This person has already signed in: there is no invitation email to send again.', {
            code: 'invitation_used',
            cause: error,
          });
        }
        throw translate(error, 'send the invitation again');
      }
    },

    async signOutEverywhere(username) {
      try {
        await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
        return true;
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return false;
        throw translate(error, 'sign the user out');
      }
    },

    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
        return true;
      } catch (error) {
        if (errorName(error) === 'UserNotFoundException') return false;
        throw translate(error, 'delete the user');
      }
    },
  };
}
