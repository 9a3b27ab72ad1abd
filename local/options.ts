import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { MODEL_NAME_PATTERN, modelUrlProblem } from '../lambdas/assistant/engine/environment';
import { LocalRuntimeError } from './errors';
import { DEFAULT_PORTS, PORT_ENV, type PortName } from './ports';
import type { LocalRuntimeOptions } from './runtime';

export const DATA_DIR_ENV = 'LOCAL_DATA_DIR';
export const WEB_DIST_ENV = 'LOCAL_WEB_DIST';

export const USAGE = `Usage: npm start -- [options]

Starts the product on 127.0.0.1: web app, REST API, GraphQL API, DynamoDB (dynalite),
Cognito (cognito-local, with its trigger Lambda endpoint and the local outbox) and one fake
ATS per connector (Greenhouse, Lever, Workable, Crelate with a demo key; Bullhorn with a demo
OAuth client and its sign-in).

Options:
  --reset                   start with empty data
  --data-dir <folder>       data folder (default .local; env ${DATA_DIR_ENV})
  --web-port <port>         web app port (default ${DEFAULT_PORTS.web}; env ${PORT_ENV.web})
  --rest-port <port>        REST API port (default ${DEFAULT_PORTS.rest}; env ${PORT_ENV.rest})
  --graphql-port <port>     GraphQL API port (default ${DEFAULT_PORTS.graphql}; env ${PORT_ENV.graphql})
  --dynamodb-port <port>    DynamoDB port (default ${DEFAULT_PORTS.dynamodb}; env ${PORT_ENV.dynamodb})
  --cognito-port <port>     Cognito (cognito-local) port (default ${DEFAULT_PORTS.cognito}; env ${PORT_ENV.cognito})
  --lambda-port <port>      Cognito triggers' Lambda endpoint port (default ${DEFAULT_PORTS.lambda}; env ${PORT_ENV.lambda})
  --greenhouse-port <port>  fake Greenhouse port (default ${DEFAULT_PORTS.greenhouse}; env ${PORT_ENV.greenhouse})
  --lever-port <port>       fake Lever port (default ${DEFAULT_PORTS.lever}; env ${PORT_ENV.lever})
  --workable-port <port>    fake Workable port (default ${DEFAULT_PORTS.workable}; env ${PORT_ENV.workable})
  --crelate-port <port>     fake Crelate port (default ${DEFAULT_PORTS.crelate}; env ${PORT_ENV.crelate})
  --bullhorn-port <port>    fake Bullhorn REST port (default ${DEFAULT_PORTS.bullhorn}; env ${PORT_ENV.bullhorn})
  --no-web-build            serve web/dist as it is (no rebuild when it is older than web/src)
  --web-dist <folder>       serve another build of the web app, as it is (env ${WEB_DIST_ENV})
  --model-url <url>         a local model's OpenAI-compatible server for the assistant, e.g.
                            http://127.0.0.1:11434 (Ollama); needs --model-name (default: none,
                            the offline engine answers)
  --model-name <name>       the model that server runs, e.g. llama3.1
  --quiet                   no line per request
  --help                    this text
Port 0 picks a free port.`;

export interface StartCommand {
  readonly help: boolean;
  readonly quiet: boolean;
  readonly runtime: Omit<LocalRuntimeOptions, 'log'>;
}

function port(value: string, source: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new LocalRuntimeError(`${source} must be a port number between 0 and 65535, not "${value}".`);
  }
  return Number(value);
}

/** `--model-url` and `--model-name`, both or neither, each checked; `undefined` when neither is given. */
function localModelOf(url: string | undefined, name: string | undefined): { url: string; name: string } | undefined {
  if (url === undefined && name === undefined) return undefined;
  if (url === undefined)
    throw new LocalRuntimeError('--model-name needs --model-url (the server the model runs on, e.g. http://127.0.0.1:11434).');
  const problem = modelUrlProblem(url);
  if (problem) throw new LocalRuntimeError(`--model-url ${problem}: "${url}".`);
  if (name === undefined) throw new LocalRuntimeError('--model-url needs --model-name (the model the server runs, e.g. llama3.1).');
  if (!MODEL_NAME_PATTERN.test(name)) {
    throw new LocalRuntimeError(`--model-name must be a model name such as llama3.1 or qwen2.5:7b-instruct, not "${name}".`);
  }
  return { url, name };
}

/** Parses `npm start -- …` arguments and the LOCAL_* environment variables (flags win). */
export function parseStartCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): StartCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        reset: { type: 'boolean' },
        'data-dir': { type: 'string' },
        'web-port': { type: 'string' },
        'rest-port': { type: 'string' },
        'graphql-port': { type: 'string' },
        'dynamodb-port': { type: 'string' },
        'cognito-port': { type: 'string' },
        'lambda-port': { type: 'string' },
        'greenhouse-port': { type: 'string' },
        'lever-port': { type: 'string' },
        'workable-port': { type: 'string' },
        'crelate-port': { type: 'string' },
        'bullhorn-port': { type: 'string' },
        'no-web-build': { type: 'boolean' },
        'web-dist': { type: 'string' },
        'model-url': { type: 'string' },
        'model-name': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new LocalRuntimeError(`${(error as Error).message}. Run npm start -- --help for the options.`);
  }
  const values = parsed.values;
  const ports: Partial<Record<PortName, number>> = {};
  for (const name of Object.keys(PORT_ENV) as PortName[]) {
    const flag = values[`${name}-port`];
    const fromEnv = env[PORT_ENV[name]];
    if (flag !== undefined) ports[name] = port(flag, `--${name}-port`);
    else if (fromEnv !== undefined && fromEnv !== '') ports[name] = port(fromEnv, PORT_ENV[name]);
  }
  const dataDir = values['data-dir'] ?? (env[DATA_DIR_ENV] || undefined);
  const webDist = values['web-dist'] ?? (env[WEB_DIST_ENV] || undefined);
  const localModel = localModelOf(values['model-url'], values['model-name']);
  return {
    help: values.help === true,
    quiet: values.quiet === true,
    runtime: {
      reset: values.reset === true,
      dataDir: dataDir ? path.resolve(cwd, dataDir) : undefined,
      ports,
      webBuild: values['no-web-build'] || webDist ? 'never' : 'if-stale',
      ...(webDist ? { webDistDir: path.resolve(cwd, webDist) } : {}),
      ...(localModel ? { localModel } : {}),
    },
  };
}
