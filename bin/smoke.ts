#!/usr/bin/env node
/**
 * `npm run smoke -- --stage <dev|stage|prod>` or `npm run smoke -- --local`: walks a live stage
 * as people would (web page, config.json, plans, contact form, sign-in of a throw-away user, their
 * subscriptions, an admin lookup) and removes what it created. See bin/smoke/walk.ts.
 *
 * Exit codes: 0 every step passed, 1 a step (or a cleanup) failed, 2 bad flags.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { REGION, STAGES, DEFAULT_PRODUCT_SLUG } from '../lib/config';
import { stackOutputs } from './admin';
import { runSmoke } from './smoke/walk';
import { localTarget, stageTarget, TargetError, type SmokeTarget } from './smoke/target';

const REPO_ROOT = path.resolve(__dirname, '..');

export const SMOKE_USAGE = `Usage: npm run smoke -- (--stage <dev|stage|prod> | --local [--data-dir <dir>]) [--api-key <key>]

  --stage <stage>     a deployed stage, with AWS credentials from the environment (its stack's
                      outputs name the URLs, the API key, the user pool and the tables)
  --local             the local runtime of \`npm start\` (.local/endpoints.json)
  --data-dir <dir>    the local runtime's data folder (default .local)
  --api-key <key>     try the contact form with this API key instead of the stage's
  --help              this text

Creates a throw-away admin user (smoke+<run>@example.com) and a contact, and deletes both at the end.`;

export interface SmokeIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** A mistake in the command line: exit code 2. */
class UsageError extends Error {}

function parse(argv: readonly string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: {
        stage: { type: 'string' },
        local: { type: 'boolean' },
        'data-dir': { type: 'string' },
        'api-key': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
    if (values.help) return 'help' as const;
    if ((values.stage === undefined) === (values.local !== true)) throw new UsageError('Give either --stage <dev|stage|prod> or --local.');
    if (values.stage !== undefined && !(STAGES as readonly string[]).includes(values.stage))
      throw new UsageError(`--stage must be one of ${STAGES.join(', ')}.`);
    if (values.stage !== undefined && values['data-dir'] !== undefined) throw new UsageError('--data-dir goes with --local.');
    return values;
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError((error as Error).message);
  }
}

/** Runs the smoke test; resolves to the exit code. */
export async function runSmokeCli(argv: readonly string[], io: SmokeIo): Promise<number> {
  let flags;
  try {
    flags = parse(argv);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${SMOKE_USAGE}\n`);
    return 2;
  }
  if (flags === 'help') {
    io.stdout(`${SMOKE_USAGE}\n`);
    return 0;
  }
  let target: SmokeTarget;
  try {
    target = flags.local
      ? localTarget(path.resolve(flags['data-dir'] ?? path.join(REPO_ROOT, '.local')))
      : stageTarget(flags.stage!, await stackOutputs(`${DEFAULT_PRODUCT_SLUG}-${flags.stage!}`, REGION));
  } catch (error) {
    io.stderr(`Error: ${error instanceof TargetError ? error.message : `could not read the stack outputs: ${(error as Error).message}`}\n`);
    return 1;
  }
  const result = await runSmoke(target, { apiKey: flags['api-key'], write: (line) => io.stdout(`${line}\n`) });
  return result.ok ? 0 : 1;
}

if (require.main === module) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  void runSmokeCli(process.argv.slice(2), {
    stdout: (output) => process.stdout.write(output),
    stderr: (output) => process.stderr.write(output),
  }).then((code) => {
    process.exitCode = code;
  });
}
