import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AtsCredentials } from '../../lambdas/ats/ats-port';
import { CredentialVaultError } from '../../lambdas/ats/credentials/credential-cipher';
import { loadOrCreateLocalKey } from '../../lambdas/ats/credentials/local-cipher';
import { LocalRuntimeError } from '../errors';
import { PORT_LABELS, type AtsPortName } from '../ports';
import { bullhornDemoHistory } from './bullhorn-history';
import { startFakeBullhorn, type FakeBullhorn } from './fake-bullhorn';
import { LEVER_ACCOUNT } from './fake-lever-data';
import { crelateDemoHistory } from './crelate-history';
import { startFakeCrelate } from './fake-crelate';
import { startFakeGreenhouse } from './fake-greenhouse';
import { startFakeLever } from './fake-lever';
import { startFakeWorkable } from './fake-workable';
import { WORKABLE_ACCOUNT } from './fake-workable-data';
import { greenhouseDemoHistory } from './greenhouse-history';
import { leverDemoHistory } from './lever-history';
import { workableDemoHistory } from './workable-history';
import { joinClientIdAndUserId } from '../../lambdas/shared/contracts/ats';

/**
 * The demo Greenhouse Harvest v3 client credentials and user the fake Greenhouse accepts (the user
 * id's last four digits make the masked client ID `••••4821`).
 */
export const GREENHOUSE_DEMO_CLIENT = {
  clientId: 'greenhouse-local-demo-client',
  clientSecret: 'greenhouse-local-demo-secret-6619',
  userId: '604821',
} as const;

/**
 * The ATS stand-ins of the local runtime: one fake server per ATS the product connects to, each
 * answering like the vendor's documented API (local/ats/fake-*.ts), with one fixed demo account.
 * The product reaches them through the same connector code as in AWS: only the API root differs
 * (`ATS_BASE_URLS`). The fakes serve GET only (and refuse other methods with 405), as the
 * connectors only read.
 */

/**
 * The demo credentials, as a recruiter types them in the connect form. Local values that open
 * only the local fakes: not secrets. Every other key gets the vendor's 401, so "wrong key" can be
 * tried. The last four characters differ, so each masked key (`••••4821`) says which one it is.
 */
export const ATS_DEMO_CREDENTIALS = {
  greenhouse: {
    atsname: 'greenhouse',
    apikeytype: 'oauth2',
    apikey1: joinClientIdAndUserId(GREENHOUSE_DEMO_CLIENT.clientId, GREENHOUSE_DEMO_CLIENT.userId),
    apikey2: GREENHOUSE_DEMO_CLIENT.clientSecret,
  },
  lever: { atsname: 'lever', apikeytype: 'basic', apikey1: 'lever-local-demo-3907', apikey2: null },
  workable: { atsname: 'workable', apikeytype: 'bearer', apikey1: 'workable-local-demo-5164', apikey2: WORKABLE_ACCOUNT.subdomain },
  crelate: { atsname: 'crelate', apikeytype: 'api-key', apikey1: 'crelate-local-demo-2738', apikey2: null },
} as const satisfies Readonly<Record<AtsPortName, AtsCredentials>>;

/**
 * A second Lever key the fake Lever accepts: a new Lever account with a handful of opportunities
 * (fake-lever-data.ts), too short a history for placement prediction, so its message can be seen.
 */
export const LEVER_NEW_ACCOUNT_KEY = 'lever-local-new-account-1180';

/**
 * The fake Bullhorn's demo OAuth client (local values, not secrets), entered with any API user
 * name (e.g. {@link BULLHORN_DEMO_USERNAME}) on the account page: "Sign in with Bullhorn" goes to
 * the fake's authorize page, which approves at once and sends the browser back with a code.
 */
export const BULLHORN_DEMO_CLIENT = {
  clientId: 'bullhorn-local-demo-client-6250',
  clientSecret: 'bullhorn-local-demo-secret-6250',
} as const;

/** The API user name the demo suggests (the fake's `loginInfo` answers any). */
export const BULLHORN_DEMO_USERNAME = 'demo.api';

/** The fake Bullhorn as the stand-ins started it. */
export interface BullhornStandIn {
  /** Where `loginInfo` is asked (the connector's data-centre lookup). */
  readonly loginInfoRoot: string;
  /** The origins its answers point to: the connector's `allowedOrigins`. */
  readonly origins: readonly string[];
  readonly clientId: string;
  readonly clientSecret: string;
}

/** One stand-in as `endpoints.json` lists it under `ats`. */
export interface AtsStandInEndpoint {
  /** The API root the connector is given (Workable's with its `{subdomain}` placeholder). */
  readonly baseUrl: string;
  readonly apikeytype: AtsCredentials['apikeytype'];
  /** The demo key the fake accepts. */
  readonly apikey1: string;
  /** Workable: the demo account's subdomain; Greenhouse: the demo client secret. */
  readonly apikey2?: string;
}

export interface AtsStandIns {
  /** By ATS name, for endpoints.json and the banner. */
  readonly endpoints: Readonly<Record<AtsPortName, AtsStandInEndpoint>>;
  /** API roots by ATS name: the value of `ATS_BASE_URLS`. */
  readonly baseUrls: Readonly<Record<AtsPortName, string>>;
  /** The fake Bullhorn (connected through its sign-in, not with a key). */
  readonly bullhorn: BullhornStandIn;
  /** Stops every fake; safe to call twice. */
  stop(): Promise<void>;
}

export interface AtsStandInsOptions {
  /** Port per fake on 127.0.0.1 (0 picks a free one; the fake Bullhorn's by default). */
  readonly ports: Readonly<Record<AtsPortName, number>> & { readonly bullhorn?: number };
  /** The instant the demo Greenhouse history is dated up to; now by default. */
  readonly now?: Date;
  /** Closed applications in every fake's demo account; each demo's own count by default. */
  readonly demoClosedApplications?: number;
}

/**
 * Starts the fakes (in parallel); a busy port rejects with the same one-line
 * `LocalRuntimeError` as the other services, after stopping the fakes that did start.
 */
export async function startAtsStandIns(options: AtsStandInsOptions): Promise<AtsStandIns> {
  const { ports } = options;
  const keys = ATS_DEMO_CREDENTIALS;
  const started = await Promise.allSettled([
    startFakeGreenhouse({
      port: ports.greenhouse,
      label: PORT_LABELS.greenhouse,
      ...GREENHOUSE_DEMO_CLIENT,
      data: greenhouseDemoHistory(options.now, options.demoClosedApplications).data,
    }),
    startFakeLever({
      port: ports.lever,
      label: PORT_LABELS.lever,
      apiKey: keys.lever.apikey1,
      data: leverDemoHistory(options.now, options.demoClosedApplications).data,
      otherAccounts: { [LEVER_NEW_ACCOUNT_KEY]: LEVER_ACCOUNT },
    }),
    startFakeWorkable({
      port: ports.workable,
      label: PORT_LABELS.workable,
      token: keys.workable.apikey1,
      data: workableDemoHistory(options.now, options.demoClosedApplications).data,
    }),
    startFakeCrelate({
      port: ports.crelate,
      label: PORT_LABELS.crelate,
      apiKey: keys.crelate.apikey1,
      data: crelateDemoHistory(options.now, options.demoClosedApplications).data,
    }),
    startFakeBullhorn({
      port: ports.bullhorn ?? 0,
      label: PORT_LABELS.bullhorn,
      ...BULLHORN_DEMO_CLIENT,
      data: bullhornDemoHistory(options.now, options.demoClosedApplications).data,
    }),
  ]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= Promise.all(servers.map((server) => server.close())).then(() => undefined));
  const failure = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  const [greenhouse, lever, workable, crelate, bullhorn] = started.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [
    Awaited<ReturnType<typeof startFakeGreenhouse>>,
    Awaited<ReturnType<typeof startFakeLever>>,
    Awaited<ReturnType<typeof startFakeWorkable>>,
    Awaited<ReturnType<typeof startFakeCrelate>>,
    FakeBullhorn,
  ];
  const baseUrls = { greenhouse: greenhouse.url, lever: lever.url, workable: workable.baseUrl, crelate: crelate.baseUrl };
  const endpoint = (name: AtsPortName): AtsStandInEndpoint => {
    const { apikeytype, apikey1, apikey2 } = keys[name];
    return { baseUrl: baseUrls[name], apikeytype, apikey1, ...(apikey2 ? { apikey2 } : {}) };
  };
  return {
    endpoints: {
      greenhouse: endpoint('greenhouse'),
      lever: endpoint('lever'),
      workable: endpoint('workable'),
      crelate: endpoint('crelate'),
    },
    baseUrls,
    bullhorn: { loginInfoRoot: bullhorn.loginInfoRoot, origins: bullhorn.origins, ...BULLHORN_DEMO_CLIENT },
    stop,
  };
}

/** The local key that seals ATS credentials: `<data folder>/ats-credentials.key` (`--reset` removes it). */
export function atsKeyFile(dataDir: string): string {
  return path.join(dataDir, 'ats-credentials.key');
}

export interface LocalAts extends AtsStandIns {
  /** `ATS_LOCAL_KEY_FILE` of the routes with `atsCredentials`. */
  readonly keyFile: string;
}

/**
 * The ATS side of the local runtime: the stand-ins, and the local credential key in the data
 * folder (in a temporary folder, removed at stop, without one), created 0600 now if missing and
 * checked: a damaged or readable-by-others key file is one clear {@link LocalRuntimeError} at
 * start, not a failure at the first connect.
 */
export async function prepareLocalAts(options: AtsStandInsOptions & { readonly dataDir: string | undefined }): Promise<LocalAts> {
  const temporary = options.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'talentpilot-ats-key-'));
  const removeTemporary = async () => {
    if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
  };
  const keyFile = atsKeyFile(options.dataDir ?? temporary!);
  try {
    (await loadOrCreateLocalKey(keyFile)).fill(0);
  } catch (error) {
    await removeTemporary();
    throw error instanceof CredentialVaultError ? new LocalRuntimeError(error.message) : error;
  }
  let standIns: AtsStandIns;
  try {
    standIns = await startAtsStandIns(options);
  } catch (error) {
    await removeTemporary();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return { ...standIns, keyFile, stop: () => (stopping ??= standIns.stop().then(removeTemporary)) };
}
