/**
 * `npm start`: the offline local runtime. Prints the URLs, writes `<data dir>/endpoints.json`,
 * and stops everything on Ctrl-C or SIGTERM. Problems the user can fix (busy port, missing build,
 * unreadable data folder, resolver code AppSync would reject) print one clear message and exit 1.
 */
// The AWS SDK warns about Node 20 at the first client; the local runtime runs on what is installed.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import * as path from 'node:path';
import { LocalRuntimeError } from './errors';
import { parseStartCommand, USAGE } from './options';
import { REPO_ROOT } from './paths';
import { ATS_PORT_NAMES } from './ports';
import { LEVER_NEW_ACCOUNT_KEY } from './ats/ats-stand-ins';
import { ATS_LABELS } from '../lambdas/ats/ats-settings';
import { splitClientIdAndUserId } from '../lambdas/shared/contracts/ats';
import type { SeedEndpoints } from './identity/local-identity';
import { startLocalRuntime, type LocalEndpoints, type LocalRuntime } from './runtime';

/** The identity lines of the banner: Cognito, the outbox, the seeded admin and registration codes. */
function identityLines(endpoints: LocalEndpoints): string[] {
  if (typeof endpoints.cognitoEndpoint !== 'string') return ['  Cognito       (off: every token is refused)'];
  const lines = [
    `  Cognito       ${endpoints.cognitoEndpoint}  (user pool ${String(endpoints.userPoolId)}, client ${String(endpoints.userPoolClientId)})`,
    `  Outbox        ${endpoints.webUrl ? `${endpoints.webUrl}/_local/outbox` : String(endpoints.outboxEndpoint)}  (the emails Cognito would send)`,
  ];
  const seed = endpoints.seed as SeedEndpoints | undefined;
  if (seed) {
    lines.push(`  Admin         ${seed.adminEmail}  password ${seed.adminPassword}`);
    if (seed.demoEmail)
      lines.push(
        `  Demo          ${seed.demoEmail}  password ${seed.demoPassword}  (a recruiter on a trial, with the sample jobs: try /services)`,
      );
    lines.push(`  Sign-up codes ${seed.registrationCodes.map(({ code, group }) => `${code} (${group})`).join(', ')}`);
  }
  return lines;
}

/** The ATS stand-ins' lines: each fake's API root and the demo key to connect it with. */
function atsLines(endpoints: LocalEndpoints): string[] {
  const lines = [
    '  ATS stand-ins (fakes of each ATS API, each with a demo history to connect, sync and predict on; connect with these demo keys, any other key is refused)',
  ];
  for (const name of ATS_PORT_NAMES) {
    const ats = endpoints.ats[name];
    const greenhouse = name === 'greenhouse' ? splitClientIdAndUserId(ats.apikey1) : null;
    const keys = greenhouse
      ? `client ID ${greenhouse.clientId}  client secret ${ats.apikey2}  user ID ${greenhouse.userId}`
      : `key ${ats.apikey1}${ats.apikey2 ? `  subdomain ${ats.apikey2}` : ''}`;
    const note = name === 'lever' ? `  (or key ${LEVER_NEW_ACCOUNT_KEY}: a new account, too short a history to predict)` : '';
    lines.push(`    ${ATS_LABELS[name].padEnd(11)} ${ats.baseUrl}  ${keys}${note}`);
  }
  const bullhorn = endpoints.atsBullhorn;
  lines.push(
    `    ${ATS_LABELS.bullhorn.padEnd(11)} ${bullhorn.loginInfoRoot}  client id ${bullhorn.clientId}  client secret ${bullhorn.clientSecret}  API user name ${bullhorn.username}  (Sign in with Bullhorn: the fake approves at once)`,
  );
  return lines;
}

function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

/** One clear message, no stack trace (LOCAL_DEBUG=1 shows it). */
function fail(error: unknown): never {
  if (error instanceof LocalRuntimeError) {
    console.error(error.message);
  } else {
    console.error(`The local runtime failed: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.LOCAL_DEBUG) console.error(error);
    else console.error('Set LOCAL_DEBUG=1 to see the details.');
  }
  process.exit(1);
}

async function main(): Promise<void> {
  const command = parseStartCommand(process.argv.slice(2), process.env, invokedFrom);
  if (command.help) {
    console.log(USAGE);
    return;
  }
  // Signal handlers first: a signal that arrives before them would kill the process outright.
  let runtime: LocalRuntime | undefined = undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping || !runtime) {
      console.error(stopping ? 'Stopping immediately.' : `\n${signal}: stopped while starting.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping the local runtime...`);
    runtime.stop().then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('uncaughtException', (error) => {
    console.error(`The local runtime stopped on an unexpected error: ${error.message}`);
    if (process.env.LOCAL_DEBUG) console.error(error);
    (runtime?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  });

  console.log('Starting the local runtime...');
  runtime = await startLocalRuntime({
    ...command.runtime,
    log: command.quiet ? (line) => (line.startsWith('[') ? undefined : console.log(line)) : (line) => console.log(line),
  });
  const { endpoints } = runtime;
  const seconds = process.uptime().toFixed(1);
  console.log(
    [
      '',
      `Ready in ${seconds} s (runtime ${(runtime.readyInMs / 1000).toFixed(1)} s).`,
      `  Web app       ${endpoints.webUrl}`,
      `  REST API      ${endpoints.restUrl}`,
      `  GraphQL API   ${endpoints.graphqlUrl}  (x-api-key: ${endpoints.graphqlApiKey})`,
      `  DynamoDB      ${endpoints.dynamodbEndpoint}`,
      command.runtime.localModel
        ? `  Assistant     local model ${command.runtime.localModel.name} at ${command.runtime.localModel.url} (the offline engine answers when it fails)`
        : '  Assistant     the offline engine (npm start -- --model-url … --model-name … for a local model)',
      ...identityLines(endpoints),
      ...atsLines(endpoints),
      `  Endpoints     ${runtime.endpointsFile ? display(runtime.endpointsFile) : '(in memory)'}`,
      `  Data          ${runtime.endpointsFile ? display(path.dirname(runtime.endpointsFile)) : '(in memory)'}  (npm start -- --reset starts empty)`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

// Relative --data-dir values are the caller's; everything else is relative to the repository.
const invokedFrom = process.cwd();
process.chdir(REPO_ROOT);
main().catch(fail);
