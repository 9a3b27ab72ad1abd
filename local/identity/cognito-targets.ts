import { randomInt } from 'node:crypto';
import type { Route } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';

/**
 * Where cognito-local answers differently from Cognito in ways the product's flows notice,
 * these targets answer like Cognito (in front of cognito-local's own, in the same process):
 *
 * - `GetTokensFromRefreshToken` (Amplify v6's token refresh) is missing: mapped onto
 *   `InitiateAuth REFRESH_TOKEN_AUTH`, answered in Cognito's shape.
 * - `ResendConfirmationCode` (Amplify's resendSignUpCode) is missing: implemented.
 * - The password policy (minimum length) is not enforced: checked on every call that sets one.
 * - USER_PASSWORD_AUTH: a wrong password or unknown user answers `NotAuthorizedException
 *   "Incorrect username or password."` (cognito-local: InvalidPasswordException / "User not
 *   authorized"); a disabled user is refused; a user who must change the temporary password
 *   gets the NEW_PASSWORD_REQUIRED challenge only with the right temporary password.
 * - ChangePassword with a wrong old password: `NotAuthorizedException`, as Cognito.
 * - AdminCreateUser without a TemporaryPassword gets one that satisfies the policy (cognito-local
 *   makes 6 characters).
 * - ConfirmSignUp marks the email verified (the pool auto-verifies email), before the
 *   PostConfirmation trigger sees the attributes.
 * - SignUp and AdminCreateUser refuse attributes outside the pool's schema, as Cognito does.
 * - AdminListGroupsForUser finds the groups of a user named by email (cognito-local compares
 *   the name given with group members, which are usernames).
 * - AdminCreateUser with `MessageAction: RESEND` (a team invitation sent again) is missing:
 *   implemented as the API reference says (a new temporary password, the invitation delivered
 *   again; a user who already set a password: `UnsupportedUserStateException`).
 *   https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminCreateUser.html
 * - AdminUserGlobalSignOut (a removed teammate) is missing: implemented; it invalidates the user's
 *   refresh tokens, as Cognito does.
 *   https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminUserGlobalSignOut.html
 */

type CognitoErrors = typeof import('cognito-local/lib/errors');

/** One target in front of cognito-local's: `next` is cognito-local's own (or an error for unknown targets). */
export type LocalTarget = (ctx: Context, req: Record<string, unknown>, next: Route) => Promise<unknown>;

export interface LocalTargetDependencies {
  readonly services: Services;
  /** cognito-local's error classes (the very module its server checks `instanceof` against). */
  readonly errors: CognitoErrors;
  /** cognito-local's InitiateAuth target. */
  readonly initiateAuth: Route;
}

const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A claim of a JWT, without verifying it (cognito-local verifies nothing either; this only finds the pool). */
function tokenClaim(token: unknown, claim: string): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    return text(payload[claim]);
  } catch {
    return undefined;
  }
}

function attribute(user: User, name: string): string | undefined {
  return user.Attributes?.find((candidate) => candidate.Name === name)?.Value;
}

/** A temporary password as Cognito makes them: 12 characters, every class present (symbols easy to copy by hand). */
export function generateTemporaryPassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#$%&*?@'];
  const all = classes.join('');
  const characters = classes.map((set) => set[randomInt(set.length)]);
  while (characters.length < 12) characters.push(all[randomInt(all.length)]);
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other], characters[index]];
  }
  return characters.join('');
}

export function createLocalTargets({
  services,
  errors,
  initiateAuth: cognitoInitiateAuth,
}: LocalTargetDependencies): Readonly<Record<string, LocalTarget>> {
  const { cognito } = services;

  const passwordPolicyCheck = async (poolLookup: () => Promise<Pick<UserPoolService, 'options'>>, password: unknown) => {
    if (typeof password !== 'string') return;
    const pool = await poolLookup();
    const minimum = pool.options.Policies?.PasswordPolicy?.MinimumLength ?? 8;
    // Cognito's wording; the length is the only rule of this pool.
    if (password.length < minimum)
      throw new errors.CognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough');
  };
  const byClient = (ctx: Context, req: Record<string, unknown>) => () => cognito.getUserPoolForClientId(ctx, String(req.ClientId));
  const byPool = (ctx: Context, req: Record<string, unknown>) => () => cognito.getUserPool(ctx, String(req.UserPoolId));

  const getTokensFromRefreshToken: LocalTarget = async (ctx, req, _next) => {
    const refreshToken = text(req.RefreshToken);
    const clientId = text(req.ClientId);
    if (!refreshToken)
      throw new errors.InvalidParameterError(
        "1 validation error detected: Value null at 'refreshToken' failed to satisfy constraint: Member must not be null",
      );
    if (!clientId)
      throw new errors.InvalidParameterError(
        "1 validation error detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null",
      );
    const answer = await cognitoInitiateAuth(ctx, {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
      ClientMetadata: req.ClientMetadata as Record<string, string> | undefined,
    });
    const result = answer.AuthenticationResult ?? {};
    // Cognito answers the access and id tokens; a new refresh token only with rotation on (it is off).
    return { AuthenticationResult: { AccessToken: result.AccessToken, IdToken: result.IdToken, ExpiresIn: 3600, TokenType: 'Bearer' } };
  };

  const resendConfirmationCode: LocalTarget = async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, String(req.ClientId));
    const user = await userPool.getUserByUsername(ctx, String(req.Username ?? ''));
    if (!user) throw new errors.UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
    const email = attribute(user, 'email');
    if (!email) throw new errors.InvalidParameterError('User has no attribute matching desired auto verified attributes');
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
    const code = services.otp();
    await services.messages.deliver(
      ctx,
      'ResendCode',
      String(req.ClientId),
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata as Record<string, string> | undefined,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
    return { CodeDeliveryDetails: deliveryDetails };
  };

  const initiateAuth: LocalTarget = async (ctx, req, next) => {
    if (req.AuthFlow !== 'USER_PASSWORD_AUTH') return next(ctx, req);
    const parameters = (req.AuthParameters ?? {}) as Record<string, string>;
    const userPool = await cognito.getUserPoolForClientId(ctx, String(req.ClientId));
    const user = parameters.USERNAME ? await userPool.getUserByUsername(ctx, parameters.USERNAME) : null;
    if (!user || user.Password !== parameters.PASSWORD) throw new errors.NotAuthorizedError(INCORRECT_CREDENTIALS);
    if (user.Enabled === false) throw new errors.NotAuthorizedError('User is disabled.');
    try {
      return await next(ctx, req);
    } catch (error) {
      if (error instanceof errors.InvalidPasswordError) throw new errors.NotAuthorizedError(INCORRECT_CREDENTIALS);
      throw error;
    }
  };

  const changePassword: LocalTarget = async (ctx, req, next) => {
    const clientId = tokenClaim(req.AccessToken, 'client_id');
    if (clientId) await passwordPolicyCheck(() => cognito.getUserPoolForClientId(ctx, clientId), req.ProposedPassword);
    try {
      return await next(ctx, req);
    } catch (error) {
      if (error instanceof errors.InvalidPasswordError) throw new errors.NotAuthorizedError(INCORRECT_CREDENTIALS);
      throw error;
    }
  };

  const confirmSignUp: LocalTarget = async (ctx, req, next) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, String(req.ClientId));
    const user = await userPool.getUserByUsername(ctx, String(req.Username ?? ''));
    const autoVerifiesEmail = userPool.options.AutoVerifiedAttributes?.includes('email') ?? false;
    if (
      user &&
      autoVerifiesEmail &&
      user.ConfirmationCode &&
      user.ConfirmationCode === req.ConfirmationCode &&
      attribute(user, 'email_verified') !== 'true'
    ) {
      const attributes = [
        ...(user.Attributes ?? []).filter((candidate) => candidate.Name !== 'email_verified'),
        { Name: 'email_verified', Value: 'true' },
      ];
      await userPool.saveUser(ctx, { ...user, Attributes: attributes });
    }
    return next(ctx, req);
  };

  /** Cognito: `Attributes did not conform to the schema: custom:x: Attribute does not exist in the schema.` */
  const schemaCheck = async (poolLookup: () => Promise<Pick<UserPoolService, 'options'>>, attributes: unknown) => {
    if (!Array.isArray(attributes)) return;
    const schema = new Set(((await poolLookup()).options.SchemaAttributes ?? []).map((attribute) => attribute.Name));
    const unknown = attributes.map((attribute: { Name?: unknown }) => String(attribute?.Name)).filter((name) => !schema.has(name));
    if (unknown.length > 0) {
      throw new errors.InvalidParameterError(
        `Attributes did not conform to the schema: ${unknown.map((name) => `${name}: Attribute does not exist in the schema.`).join('\n')}\n`,
      );
    }
  };

  const resendInvitation: LocalTarget = async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, String(req.UserPoolId));
    const user = await userPool.getUserByUsername(ctx, String(req.Username ?? ''));
    if (!user) throw new errors.UserNotFoundError('User does not exist.');
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD')
      throw new errors.CognitoError('UnsupportedUserStateException', 'User account already confirmed.');
    const email = attribute(user, 'email');
    if (!email) throw new errors.InvalidParameterError('User has no attribute matching desired delivery mediums');
    const temporaryPassword = generateTemporaryPassword();
    const renewed = { ...user, Password: temporaryPassword, UserLastModifiedDate: services.clock.get() };
    await userPool.saveUser(ctx, renewed);
    await services.messages.deliver(
      ctx,
      'AdminCreateUser',
      null,
      userPool.options.Id,
      renewed,
      temporaryPassword,
      req.ClientMetadata as Record<string, string> | undefined,
      { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email },
    );
    return {
      User: { Username: renewed.Username, Attributes: renewed.Attributes, Enabled: renewed.Enabled, UserStatus: renewed.UserStatus },
    };
  };

  const globalSignOut: LocalTarget = async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, String(req.UserPoolId));
    const user = await userPool.getUserByUsername(ctx, String(req.Username ?? ''));
    if (!user) throw new errors.UserNotFoundError('User does not exist.');
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: services.clock.get() });
    return {};
  };

  return {
    AdminUserGlobalSignOut: globalSignOut,
    AdminListGroupsForUser: async (ctx, req, next) => {
      const user = await (await cognito.getUserPool(ctx, String(req.UserPoolId))).getUserByUsername(ctx, String(req.Username ?? ''));
      return next(ctx, user ? { ...req, Username: user.Username } : req);
    },
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    ResendConfirmationCode: resendConfirmationCode,
    InitiateAuth: initiateAuth,
    ChangePassword: changePassword,
    ConfirmSignUp: confirmSignUp,
    SignUp: async (ctx, req, next) => {
      await schemaCheck(byClient(ctx, req), req.UserAttributes);
      await passwordPolicyCheck(byClient(ctx, req), req.Password);
      return next(ctx, req);
    },
    ConfirmForgotPassword: async (ctx, req, next) => {
      await passwordPolicyCheck(byClient(ctx, req), req.Password);
      return next(ctx, req);
    },
    RespondToAuthChallenge: async (ctx, req, next) => {
      const responses = (req.ChallengeResponses ?? {}) as Record<string, unknown>;
      if (req.ChallengeName === 'NEW_PASSWORD_REQUIRED') await passwordPolicyCheck(byClient(ctx, req), responses.NEW_PASSWORD);
      return next(ctx, req);
    },
    AdminSetUserPassword: async (ctx, req, next) => {
      await passwordPolicyCheck(byPool(ctx, req), req.Password);
      return next(ctx, req);
    },
    AdminCreateUser: async (ctx, req, next) => {
      if (req.MessageAction === 'RESEND') return resendInvitation(ctx, req, next);
      await schemaCheck(byPool(ctx, req), req.UserAttributes);
      if (req.TemporaryPassword === undefined) return next(ctx, { ...req, TemporaryPassword: generateTemporaryPassword() });
      await passwordPolicyCheck(byPool(ctx, req), req.TemporaryPassword);
      return next(ctx, req);
    },
  };
}
