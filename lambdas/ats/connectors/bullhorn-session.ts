/**
 * A Bullhorn REST session, as Bullhorn documents it (bullhorn.github.io/Getting-Started-with-REST,
 * bullhorn/rest-api-docs `_login.md`, bullhorn.github.io/docs/oauth):
 * 1. the data centre: `GET https://rest.bullhornstaffing.com/rest-services/loginInfo?username=…`
 *    answers the user's `oauthUrl` and `restUrl` ({@link findBullhornDataCentre});
 * 2. the stored refresh token is traded for an access token (10 minutes) and the NEXT refresh
 *    token: refresh tokens are single-use, so the next one is saved through the
 *    {@link BullhornGrantStore} (sealed like every ATS secret) BEFORE the access token is used;
 *    a sync that dies after the exchange still has a refresh token that works;
 * 3. the REST login, `GET {restUrl}/login?version=*&access_token=…`, answers the session token
 *    (`BhRestToken`) and the corporation's API root (`restUrl`), where every read goes.
 *
 * Every URL Bullhorn hands back must be on Bullhorn's own hosts over https (or, offline, on an
 * origin the caller names), so an answer can never send a token elsewhere. Plain TypeScript: no
 * AWS types; the store is a port.
 */
import * as z from '../../shared/zod';
import { AtsError } from '../ats-port';
import { createReadOnlyClient, type ReadOnlyClient, type ReadOnlyClientOptions } from '../http/read-only-client';
import { requestBullhornTokens, type BullhornTokenGrant, type BullhornTokens } from './bullhorn-token';

/** Where `loginInfo` is asked, whatever the data centre. */
export const BULLHORN_LOGIN_INFO_ROOT = 'https://rest.bullhornstaffing.com/rest-services';

const LABEL = 'Bullhorn';

/** A user's data centre, from `loginInfo`. */
export interface BullhornDataCentre {
  /** e.g. `https://auth-west.bullhornstaffing.com/oauth` */
  readonly oauthUrl: string;
  /** e.g. `https://rest-west.bullhornstaffing.com/rest-services` */
  readonly restUrl: string;
}

/** What a Bullhorn connection keeps between sessions besides the client id and secret. */
export interface BullhornGrant extends BullhornDataCentre {
  /** Single-use: replaced by the next one at every exchange. */
  readonly refreshToken: string;
}

/**
 * Where the grant lives, sealed (the port; its adapter decides where). `save` must have stored
 * the grant durably when it resolves: the old refresh token no longer works by then.
 */
export interface BullhornGrantStore {
  read(): Promise<BullhornGrant | null>;
  save(grant: BullhornGrant): Promise<void>;
}

/** An open REST session: the token for the `BhRestToken` header and the corporation's API root. */
export interface BullhornRestSession {
  readonly bhRestToken: string;
  readonly restUrl: string;
}

/** What the session's HTTP needs: the client's options (fetch, retries) and the allowed origins. */
export type BullhornHttpOptions = Omit<ReadOnlyClientOptions, 'baseUrl' | 'atsLabel' | 'authorize'> & {
  /** Origins Bullhorn's answers may point to (local fakes); Bullhorn's own https hosts when absent. */
  readonly allowedOrigins?: readonly string[];
};

const LoginInfoSchema = z.object({ oauthUrl: z.string(), restUrl: z.string() });
const RestLoginSchema = z.object({ BhRestToken: z.string().check(z.minLength(1)), restUrl: z.string() });

/** Whether a URL Bullhorn gave may be called with a token: Bullhorn's hosts over https, or an allowed origin. */
export function isAllowedBullhornUrl(value: string, allowedOrigins?: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedOrigins) return allowedOrigins.includes(url.origin);
  return url.protocol === 'https:' && (url.hostname === 'bullhornstaffing.com' || url.hostname.endsWith('.bullhornstaffing.com'));
}

function checkedUrl(value: string, what: string, options: BullhornHttpOptions): string {
  if (!isAllowedBullhornUrl(value, options.allowedOrigins)) {
    throw new AtsError(
      'response',
      `Bullhorn pointed us to a ${what} that is not Bullhorn’s; we did not follow it, so your authorization stays with Bullhorn.`,
    );
  }
  return value;
}

function publicClient(baseUrl: string, options: BullhornHttpOptions): ReadOnlyClient {
  const { allowedOrigins: _allowed, ...clientOptions } = options;
  return createReadOnlyClient({ ...clientOptions, baseUrl, atsLabel: LABEL, authorize: () => ({}) });
}

/** Step 1: the data centre of a Bullhorn API user (the user name is not a secret; it is not logged). */
export async function findBullhornDataCentre(
  username: string,
  options: BullhornHttpOptions & { readonly loginInfoRoot?: string } = {},
): Promise<BullhornDataCentre> {
  const answer = await publicClient(options.loginInfoRoot ?? BULLHORN_LOGIN_INFO_ROOT, options).get('loginInfo', { username });
  const parsed = LoginInfoSchema.safeParse(answer.body);
  if (!parsed.success)
    throw new AtsError('response', 'Bullhorn did not say which data centre holds that user; check the Bullhorn user name.');
  return {
    oauthUrl: checkedUrl(parsed.data.oauthUrl, 'sign-in service', options).replace(/\/+$/, ''),
    restUrl: checkedUrl(parsed.data.restUrl, 'REST service', options).replace(/\/+$/, ''),
  };
}

/** Where the browser is sent to authorize TalentPilot (`state` is checked when it comes back). */
export function bullhornAuthorizeUrl(dataCentre: BullhornDataCentre, clientId: string, redirectUri: string, state: string): string {
  const query = new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: redirectUri, state });
  return `${dataCentre.oauthUrl}/authorize?${query.toString()}`;
}

export interface BullhornSessionOptions extends BullhornHttpOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly grants: BullhornGrantStore;
}

async function exchange(
  dataCentre: BullhornDataCentre,
  grant: BullhornTokenGrant,
  options: BullhornSessionOptions,
): Promise<BullhornTokens> {
  checkedUrl(dataCentre.oauthUrl, 'sign-in service', options);
  return requestBullhornTokens(dataCentre.oauthUrl, grant, {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
}

/** Step 3: the REST login with a fresh access token. */
async function restLogin(dataCentre: BullhornDataCentre, accessToken: string, options: BullhornHttpOptions): Promise<BullhornRestSession> {
  const client = publicClient(checkedUrl(dataCentre.restUrl, 'REST service', options), options);
  let answer;
  try {
    answer = await client.get('login', { version: '*', access_token: accessToken });
  } catch (error) {
    if (error instanceof AtsError && error.reason === 'credentials') {
      throw new AtsError('credentials', 'Bullhorn refused TalentPilot’s sign-in to its REST service: connect Bullhorn again.');
    }
    throw error;
  }
  const parsed = RestLoginSchema.safeParse(answer.body);
  if (!parsed.success) throw new AtsError('response', 'Bullhorn’s REST login answered without a session; try again later.');
  const restUrl = checkedUrl(parsed.data.restUrl, 'REST service', options);
  return { bhRestToken: parsed.data.BhRestToken, restUrl: restUrl.endsWith('/') ? restUrl : `${restUrl}/` };
}

/**
 * Steps 2 and 3 with the stored grant: trade the refresh token, save the next one, log in. Rejects
 * with `credentials` when nothing is stored or Bullhorn refuses the grant (connect again).
 */
export async function openBullhornSession(options: BullhornSessionOptions): Promise<BullhornRestSession> {
  let grant = await options.grants.read();
  if (grant === null) throw new AtsError('credentials', 'Bullhorn is not authorized yet: connect Bullhorn and sign in to it once.');
  let tokens: BullhornTokens;
  try {
    tokens = await exchange(grant, { grant_type: 'refresh_token', refresh_token: grant.refreshToken }, options);
  } catch (error) {
    // Another session (a connection test during a sync) may have spent the token and saved the next one.
    const latest = error instanceof AtsError && error.reason === 'credentials' ? await options.grants.read() : null;
    if (latest === null || latest.refreshToken === grant.refreshToken) throw error;
    grant = latest;
    tokens = await exchange(grant, { grant_type: 'refresh_token', refresh_token: grant.refreshToken }, options);
  }
  await options.grants.save({ oauthUrl: grant.oauthUrl, restUrl: grant.restUrl, refreshToken: tokens.refresh_token });
  return restLogin(grant, tokens.access_token, options);
}

/**
 * The OAuth callback's work: trade the authorization code for the first tokens, save the grant,
 * and log in once to prove it works (the session is dropped).
 */
export async function completeBullhornAuthorization(
  dataCentre: BullhornDataCentre,
  code: string,
  redirectUri: string,
  options: BullhornSessionOptions,
): Promise<void> {
  const tokens = await exchange(dataCentre, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, options);
  await options.grants.save({ oauthUrl: dataCentre.oauthUrl, restUrl: dataCentre.restUrl, refreshToken: tokens.refresh_token });
  await restLogin(dataCentre, tokens.access_token, options);
}
