import { spawn } from 'node:child_process';
import { ASSISTANT_ENGINE_ENV } from '../../lambdas/assistant/engine/environment';
import { LocalRuntimeError } from '../../local/errors';
import { parseStartCommand, USAGE } from '../../local/options';
import { REPO_ROOT } from '../../local/paths';
import { lambdaEnvironment } from '../../local/runtime';
import { REST_ROUTES } from '../../lib/definitions/rest-routes';
import { routeTimeoutSeconds } from '../../lib/definitions/route-function';

/**
 * `npm start -- --model-url … --model-name …`: the flags are checked, and the model reaches every
 * assistant handler that asks a language model (and no other), through the one environment rule.
 */

describe('the local model flags', () => {
  it('are off by default: the deterministic engine answers', () => {
    expect(parseStartCommand([], {}, '/repo').runtime.localModel).toBeUndefined();
  });

  it('read the server URL and the model name', () => {
    const command = parseStartCommand(['--model-url', 'http://127.0.0.1:11434', '--model-name', 'llama3.1'], {}, '/repo');
    expect(command.runtime.localModel).toEqual({ url: 'http://127.0.0.1:11434', name: 'llama3.1' });
    expect(USAGE).toMatch(/--model-url <url> +a local model's OpenAI-compatible server/);
    expect(USAGE).toMatch(/--model-name <name> +the model that server runs/);
  });

  it.each([
    [
      ['--model-url', 'localhost:11434', '--model-name', 'llama3.1'],
      '--model-url must start with http:// or https:// (e.g. http://127.0.0.1:11434): "localhost:11434".',
    ],
    [['--model-url', 'http://127.0.0.1:11434'], '--model-url needs --model-name (the model the server runs, e.g. llama3.1).'],
    [['--model-name', 'llama3.1'], '--model-name needs --model-url (the server the model runs on, e.g. http://127.0.0.1:11434).'],
    [
      ['--model-url', 'http://127.0.0.1:11434', '--model-name', 'llama 3'],
      '--model-name must be a model name such as llama3.1 or qwen2.5:7b-instruct, not "llama 3".',
    ],
  ])('explain what is wrong with %j', (argv, message) => {
    expect(() => parseStartCommand(argv, {}, '/repo')).toThrow(new LocalRuntimeError(message));
  });
});

describe('the local model in the handlers’ environment', () => {
  const input = {
    productSlug: 'talentpilot',
    tableNames: { assistant: 'a', users: 'u', subscriptions: 's' } as never,
    allowedOrigins: [],
    dynamodbEndpoint: 'http://127.0.0.1:1',
  };
  // Routes that need no other stand-in's settings (ATS keys, webhook secrets): every assistant route among them.
  const routes = REST_ROUTES.filter((route) => !route.atsCredentials && !route.webhookSecret);
  const modelRoutes = routes.filter((route) => route.languageModel);

  it('reaches every route that asks a language model, with the time a model needs, and no other route', () => {
    expect(modelRoutes.length).toBeGreaterThanOrEqual(7);
    const localModel = { url: 'http://127.0.0.1:11434', name: 'llama3.1' };
    for (const route of routes) {
      const environment = lambdaEnvironment(route, { ...input, localModel });
      const expected = route.languageModel
        ? {
            [ASSISTANT_ENGINE_ENV.engine]: 'openai-compatible',
            [ASSISTANT_ENGINE_ENV.modelUrl]: localModel.url,
            [ASSISTANT_ENGINE_ENV.modelName]: localModel.name,
          }
        : {};
      const model = Object.fromEntries(
        [ASSISTANT_ENGINE_ENV.engine, ASSISTANT_ENGINE_ENV.modelUrl, ASSISTANT_ENGINE_ENV.modelName]
          .filter((name) => environment[name] !== undefined)
          .map((name) => [name, environment[name]]),
      );
      expect({ route: route.functionId, model }).toEqual({ route: route.functionId, model: expected });
    }
    for (const route of modelRoutes)
      expect(routeTimeoutSeconds(route, 'openai-compatible')).toBeGreaterThan(routeTimeoutSeconds(route, 'deterministic'));
  });

  it('leaves the deterministic engine without the flags', () => {
    for (const route of modelRoutes) {
      const environment = lambdaEnvironment(route, input);
      expect(environment[ASSISTANT_ENGINE_ENV.engine]).toBe('deterministic');
      expect(environment[ASSISTANT_ENGINE_ENV.modelUrl]).toBeUndefined();
    }
  });
});

describe('npm start with a bad model URL', () => {
  it('prints one clear message and exits 1 before starting anything', async () => {
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'local/start.ts', '--model-url', 'ftp://127.0.0.1:11434', '--model-name', 'llama3.1'],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, LOCAL_DEBUG: '' },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });

    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      '--model-url must start with http:// or https:// (e.g. http://127.0.0.1:11434): "ftp://127.0.0.1:11434".',
    );
    expect(run.stdout).not.toContain('Starting the local runtime');
  });
});
