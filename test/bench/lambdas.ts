/**
 * Bench section "lambdas": every handler's bundle, built as deployed, against the 150 kB budget,
 * and its cold module-load time against a hello-world handler bundled the same way.
 *
 * Cold load = from a fresh Node process's start to the handler module loaded (`performance.now()`
 * after `require`, which counts from the process's time origin), with the environment and
 * NODE_OPTIONS the construct sets. That is the part of a Lambda cold start the code controls;
 * the handler is not invoked. Processes of all bundles are interleaved, round after round, so a
 * burst of load on the shared machine hits every bundle alike; the median of the rounds counts.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { COGNITO_TRIGGERS } from '../../lib/definitions/cognito-triggers';
import { REST_ROUTES } from '../../lib/definitions/rest-routes';
import { localTableNames } from '../../local/dynamodb/tables';
import { lambdaEnvironment } from '../../local/runtime';
import { ENV } from '../../lambdas/shared/environment';
import { bundleAsDeployed, type BuiltBundle } from './lambda-bundles';
import type { BenchFigure, BenchSection } from './section';
import { formatRatio, kilobytes, median, round } from './stats';

const ROOT = path.resolve(__dirname, '..', '..');
const BUDGET_KB = 150;
const BUDGET_RATIO = 1.3;
const ROUNDS = 25;
const run = promisify(execFile);

const HELLO_WORLD = `export const handler = async () => ({ statusCode: 200, body: 'hello' });\n`;
/** The floor of any handler that talks to DynamoDB: the SDK client created at module scope. */
const SDK_FLOOR = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
const client = new DynamoDBClient({});
export const handler = async () => ({ statusCode: 200, body: String(Boolean(client)) });
`;
const LOADER = `const start = performance.now();
require(process.argv[2]);
const end = performance.now();
process.stdout.write(JSON.stringify({ readyMs: end, requireMs: end - start }));
`;

/** The deployed environment's shape (table names, adapter, slug), with harmless values. */
function deployedLikeEnvironment(functionId: string, tables: Parameters<typeof lambdaEnvironment>[0]['tables']): NodeJS.ProcessEnv {
  const environment = lambdaEnvironment(
    { functionId, tables, billing: false },
    { productSlug: 'talentpilot', tableNames: localTableNames('talentpilot'), allowedOrigins: ['https://example.cloudfront.net'], dynamodbEndpoint: '' },
  );
  delete environment[ENV.dynamodbEndpoint];
  // As ProductFunction sets it: source maps are read when the module loads, so they count.
  return { ...environment, [ENV.billingAdapter]: 'recurly', NODE_OPTIONS: '--enable-source-maps' };
}

/** Why a bundle is over budget, from its metafile. */
function sizeNote(bundle: BuiltBundle, contents: string): string {
  const parts = [`Largest parts (esbuild metafile): ${contents}.`];
  if (bundle.zodLocalesKB > 0) {
    parts.push(`${bundle.zodLocalesKB} kB of it is zod's locales: \`import { z } from 'zod'\` keeps the whole namespace; \`import * as z from 'zod'\` lets esbuild drop them (zod ~444 → ~85 kB).`);
  }
  if (bundle.topPackages.some((p) => p.name.startsWith('@smithy/') || p.name.startsWith('@aws-sdk/'))) {
    parts.push('The AWS SDK is bundled on purpose (bundleAwsSDK: true); it alone is ~450-550 kB, so 150 kB is reachable only with the runtime\'s SDK external.');
  }
  return parts.join(' ');
}

async function loadOnce(loader: string, bundle: string, env: NodeJS.ProcessEnv): Promise<{ readyMs: number; requireMs: number }> {
  const { stdout } = await run(process.execPath, [loader, bundle], { env, cwd: path.dirname(bundle) });
  return JSON.parse(stdout) as { readyMs: number; requireMs: number };
}

export async function benchLambdas(): Promise<BenchSection> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'talentpilot-bench-lambdas-'));
  try {
    const functions = [
      ...REST_ROUTES.map((route) => ({ functionId: route.functionId, entry: route.entry, tables: route.tables, label: `${route.method} ${route.path}` })),
      ...COGNITO_TRIGGERS.map((trigger) => ({ functionId: trigger.functionId, entry: trigger.entry, tables: trigger.tables, label: `${trigger.trigger} trigger` })),
    ];
    const helloEntry = path.join(scratch, 'hello-world.ts');
    fs.writeFileSync(helloEntry, HELLO_WORLD);
    // In the repository, so that the SDK import resolves from its node_modules.
    const floorEntry = path.join(ROOT, '.local', 'bench-sdk-floor.ts');
    fs.mkdirSync(path.dirname(floorEntry), { recursive: true });
    fs.writeFileSync(floorEntry, SDK_FLOOR);
    const loader = path.join(scratch, 'load-handler.js');
    fs.writeFileSync(loader, LOADER);

    console.log(`Bundling ${functions.length} handlers and a hello-world as deployed…`);
    const hello = await bundleAsDeployed('HelloWorldFunction', helloEntry, path.join(scratch, 'out'));
    const floor = await bundleAsDeployed('SdkFloorFunction', floorEntry, path.join(scratch, 'out')).finally(() => fs.rmSync(floorEntry, { force: true }));
    const bundles: (BuiltBundle & { label: string; env: NodeJS.ProcessEnv })[] = [];
    for (const fn of functions) {
      const built = await bundleAsDeployed(fn.functionId, path.join(ROOT, fn.entry), path.join(scratch, 'out'));
      bundles.push({ ...built, label: fn.label, env: deployedLikeEnvironment(fn.functionId, fn.tables) });
    }

    console.log(`Loading each bundle in ${ROUNDS} fresh Node processes…`);
    const helloEnv = deployedLikeEnvironment('HelloWorldFunction', []);
    const samples = new Map<string, { readyMs: number[]; requireMs: number[] }>();
    const targets = [{ ...hello, env: helloEnv }, { ...floor, env: helloEnv }, ...bundles];
    for (const target of targets) samples.set(target.functionId, { readyMs: [], requireMs: [] });
    for (let round_ = 0; round_ < ROUNDS; round_ += 1) {
      for (const target of targets) {
        const sample = await loadOnce(loader, target.file, target.env);
        samples.get(target.functionId)?.readyMs.push(sample.readyMs);
        samples.get(target.functionId)?.requireMs.push(sample.requireMs);
      }
    }
    const medianOf = (id: string) => {
      const s = samples.get(id);
      return { readyMs: round(median(s?.readyMs ?? []), 1), requireMs: round(median(s?.requireMs ?? []), 1) };
    };
    const helloLoad = medianOf(hello.functionId);
    const floorLoad = medianOf(floor.functionId);
    const floorRatio = floorLoad.readyMs / helloLoad.readyMs;
    const loadNote =
      `A hello-world that only creates a DynamoDB client at module scope already takes ${formatRatio(floorRatio)} ` +
      `(${floorLoad.readyMs} ms): the bundled AWS SDK's load, not our code, dominates. See the report's follow-up.`;

    const figures: BenchFigure[] = [
      {
        name: 'SDK floor: hello-world + DynamoDB client, cold load vs hello-world',
        value: `${formatRatio(floorRatio)} (${floorLoad.readyMs} ms vs ${helloLoad.readyMs} ms; ${kilobytes(floor.bytes)} kB)`,
        budget: '',
        pass: null,
        note: 'For contrast: the least any handler that talks to DynamoDB can load in, bundled as deployed.',
      },
    ];
    const details: Record<string, unknown>[] = [];
    for (const bundle of bundles) {
      const kB = kilobytes(bundle.bytes);
      const load = medianOf(bundle.functionId);
      const ratio = load.readyMs / helloLoad.readyMs;
      const contents = bundle.topPackages.map((p) => `${p.name} ${p.kB} kB`).join(', ');
      figures.push({
        name: `${bundle.functionId} (${bundle.label}) bundle, minified`,
        value: `${kB} kB`,
        budget: `at most ${BUDGET_KB} kB`,
        pass: kB <= BUDGET_KB,
        ...(kB > BUDGET_KB ? { note: sizeNote(bundle, contents) } : {}),
      });
      figures.push({
        name: `${bundle.functionId} cold load vs hello-world`,
        value: `${formatRatio(ratio)} (${load.readyMs} ms vs ${helloLoad.readyMs} ms)`,
        budget: `at most ${BUDGET_RATIO}x`,
        pass: ratio <= BUDGET_RATIO,
        ...(ratio > BUDGET_RATIO ? { note: `${(load.readyMs / floorLoad.readyMs).toFixed(2)}x the SDK floor. ${loadNote}` } : {}),
      });
      details.push({ functionId: bundle.functionId, label: bundle.label, bytes: bundle.bytes, topPackages: bundle.topPackages, medianReadyMs: load.readyMs, medianRequireMs: load.requireMs });
    }
    return {
      id: 'lambdas',
      title: 'Lambdas: bundle size and cold module load',
      figures,
      details: {
        rounds: ROUNDS,
        method: 'esbuild with PRODUCT_FUNCTION_BUNDLING (lib/constructs/product-function.ts); load = median over fresh `node` processes of performance.now() once `require(bundle)` returns, NODE_OPTIONS=--enable-source-maps',
        helloWorld: { bytes: hello.bytes, medianReadyMs: helloLoad.readyMs, medianRequireMs: helloLoad.requireMs },
        sdkFloor: { bytes: floor.bytes, medianReadyMs: floorLoad.readyMs, medianRequireMs: floorLoad.requireMs },
        bundles: details,
      },
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
