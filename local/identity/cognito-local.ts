import { build } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LocalRuntimeError } from '../errors';
import { writeFileAtomic } from '../files';
import { LOCAL_HOST } from '../net';
import { DEFAULT_BUILD_DIR, REPO_ROOT } from '../paths';
import type { FromWorker, ToWorker, WorkerData } from './cognito-worker';
import { createOutbox, type Outbox } from './outbox';
import { LOCAL_ISSUER, LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID } from './pool-settings';
import { PORT_LABELS } from '../ports';

export { COGNITO_ISSUER_DOMAIN, LOCAL_ISSUER, LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID } from './pool-settings';

/**
 * cognito-local (the user pool stand-in) on 127.0.0.1, with the product's user pool pre-seeded
 * under an AWS-style id (`us-east-2_LocalPool1`), tokens that carry the real Cognito issuer
 * (`https://cognito-idp.us-east-2.amazonaws.com/us-east-2_LocalPool1`, so the production verifier
 * runs unchanged), Cognito triggers invoked through a Lambda endpoint, and every email it would
 * send handed to the outbox. Targets cognito-local lacks or answers differently are answered
 * like Cognito in front of it (cognito-targets.ts).
 *
 * It runs in a worker thread of this process (cognito-worker.ts, bundled here with esbuild):
 * cognito-local loads an ES module (@scure/base) that Node requires natively but jest's module
 * system cannot, and the thread keeps its AWS SDK v2 and pino out of the runtime's modules.
 *
 * cognito-local's signing key ships with it and is public: nothing outside this machine may ever
 * trust tokens of this issuer that were verified against the local JWKS.
 */

export type LocalTriggerName = 'PreSignUp' | 'PostConfirmation' | 'CustomMessage';

export interface CognitoLocalOptions {
  /** Folder of the pool data (`config.json`, `db/*.json`, `outbox.json`); absent: a temporary folder removed on stop. */
  readonly dataDir?: string;
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** The Lambda Invoke API endpoint cognito-local calls for triggers (local/identity/lambda-endpoint.ts). */
  readonly lambdaEndpoint?: string;
  /** Function name of each trigger, as the Lambda endpoint knows it. */
  readonly triggers?: Partial<Record<LocalTriggerName, string>>;
  /** Empty the data folder first. */
  readonly reset?: boolean;
  /** Where emails go; absent: an outbox in `<dataDir>/outbox.json` (in memory without dataDir), silent. */
  readonly outbox?: Outbox;
  /** One line per call (`[cognito] SignUp 200 12ms`); silent when absent. */
  readonly log?: (line: string) => void;
  /** Environment variable named in the busy-port message; `LOCAL_COGNITO_PORT` by default. */
  readonly portEnvVar?: string;
  /** Where the worker bundle is written; `.local/build` by default. */
  readonly buildDir?: string;
}

export interface RunningCognitoLocal {
  /** `http://127.0.0.1:<port>`: the endpoint for the AWS SDK and Amplify's `userPoolEndpoint`. */
  readonly endpoint: string;
  readonly port: number;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly region: 'us-east-2';
  /** The `iss` of the tokens: the real Cognito issuer of the pool id. */
  readonly issuer: string;
  /** The pool's JWKS on the local endpoint (for `verifier.cacheJwks`). */
  readonly jwksUrl: string;
  /** The folder the pool data lives in. */
  readonly dataDir: string;
  /** The emails cognito-local sent (verification codes, invitations, password-reset codes). */
  readonly outbox: Outbox;
  stop(): Promise<void>;
}

const WORKER_ENTRY = path.join(__dirname, 'cognito-worker.ts');
const bundles = new Map<string, Promise<string>>();

/** The worker bundle: our modules bundled, packages (cognito-local, aws-sdk, pino) loaded from node_modules. */
function workerBundle(buildDir: string): Promise<string> {
  const file = path.join(buildDir, 'identity', 'cognito-local-worker.js');
  let bundle = bundles.get(file);
  if (!bundle) {
    const nodeModules = [path.join(REPO_ROOT, 'node_modules', 'cognito-local', 'node_modules'), path.join(REPO_ROOT, 'node_modules')];
    bundle = build({
      entryPoints: [WORKER_ENTRY],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      sourcesContent: false,
      outfile: file,
      logLevel: 'silent',
      // The bundle may live outside the repository (a test's build folder): packages resolve from it.
      banner: { js: `module.paths.unshift(...${JSON.stringify(nodeModules)});` },
    }).then((result) => {
      writeFileAtomic(file, result.outputFiles[0].text);
      return file;
    });
    bundle.catch(() => bundles.delete(file));
    bundles.set(file, bundle);
  }
  return bundle;
}

export async function startCognitoLocal(options: CognitoLocalOptions = {}): Promise<RunningCognitoLocal> {
  const temporary = options.dataDir === undefined;
  const dataDir = temporary ? fs.mkdtempSync(path.join(os.tmpdir(), 'cognito-local-')) : path.resolve(options.dataDir!);
  if (options.reset && !temporary) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const outbox = options.outbox ?? createOutbox({ file: temporary ? undefined : path.join(dataDir, 'outbox.json') });
  const removeTemporary = () => {
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (options.triggers && Object.keys(options.triggers).length > 0 && !options.lambdaEndpoint) {
    removeTemporary();
    throw new Error('startCognitoLocal: triggers need a lambdaEndpoint.');
  }

  let worker: Worker | undefined;
  try {
    const file = await workerBundle(path.resolve(options.buildDir ?? DEFAULT_BUILD_DIR));
    const workerData: WorkerData = {
      dataDir,
      port: options.port ?? 0,
      portEnvVar: options.portEnvVar ?? PORT_LABELS.cognito.envVar,
      lambdaEndpoint: options.lambdaEndpoint,
      triggers: options.triggers,
      log: options.log !== undefined,
    };
    // cognito-local loads the AWS SDK v2, which prints an end-of-support notice on load.
    const started = new Worker(file, {
      workerData,
      execArgv: [],
      env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    });
    worker = started;
    const send = (message: ToWorker) => started.postMessage(message);
    let stopped: () => void = () => undefined;
    const stoppedSignal = new Promise<void>((resolve) => (stopped = resolve));
    let ready = false;

    const port = await new Promise<number>((resolve, reject) => {
      started.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'ready':
            ready = true;
            resolve(message.port);
            break;
          case 'failed':
            if (!message.local && process.env.LOCAL_DEBUG && message.stack) console.error(message.stack);
            reject(message.local ? new LocalRuntimeError(message.message) : new Error(`cognito-local failed to start: ${message.message}`));
            break;
          case 'email':
            try {
              outbox.recordOutboxMessage(message.message);
            } finally {
              send({ type: 'email-received', id: message.id });
            }
            break;
          case 'log':
            options.log?.(message.line);
            break;
          case 'warning':
            // Whatever the log setting: the developer must read it (e.g. a data file set aside).
            console.warn(`[cognito] ${message.line}`);
            break;
          case 'stopped':
            stopped();
            break;
        }
      });
      started.on('error', (error) => {
        if (ready) console.error(`[cognito] cognito-local stopped on an unexpected error: ${error.message}`);
        reject(error);
      });
      started.on('exit', (code) => {
        stopped();
        if (!ready) reject(new Error(`cognito-local exited (${code}) before it was ready.`));
      });
    });
    started.unref();

    const endpoint = `http://${LOCAL_HOST}:${port}`;
    let stopping: Promise<void> | undefined;
    const stop = async () => {
      send({ type: 'stop' });
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
      await Promise.race([stoppedSignal, timeout]);
      await started.terminate();
      removeTemporary();
    };
    return {
      endpoint,
      port,
      userPoolId: LOCAL_USER_POOL_ID,
      userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
      region: LOCAL_REGION,
      issuer: LOCAL_ISSUER,
      jwksUrl: `${endpoint}/${LOCAL_USER_POOL_ID}/.well-known/jwks.json`,
      dataDir,
      outbox,
      stop: () => (stopping ??= stop()),
    };
  } catch (error) {
    await worker?.terminate();
    removeTemporary();
    throw error;
  }
}
