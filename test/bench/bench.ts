/**
 * `npm run bench`: measures the product side by side on this machine and writes bench/report.md
 * (the table a person reads) and bench/report.json (for scripts). Budgets are reported, never
 * asserted: a busy machine must not turn a benchmark into a red build.
 *
 *   npm run bench                              every section
 *   npm run bench -- --only web,lambdas        some sections; the others keep their last figures
 *   npm run bench -- --skip-test-suite         without timing the whole `npm test`
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAssistant } from './assistant';
import { benchCost } from './cost';
import { benchData } from './data';
import { benchLambdas } from './lambdas';
import { benchReliability } from './reliability';
import { mergeReport, renderReport, tally, type BenchReport, type MachineFacts, type StoredSection } from './report';
import { benchRuntime } from './runtime';
import type { BenchSection } from './section';
import { round } from './stats';
import { benchWeb } from './web';

const ROOT = path.resolve(__dirname, '..', '..');
const REPORT_DIR = path.join(ROOT, 'bench');

/** What every section may read from the command line. */
export interface BenchOptions {
  /** `--skip-test-suite`: do not time the whole `npm test`. */
  readonly skipTestSuite: boolean;
}

/**
 * The sections, in the order they run and appear. One line adds a section. `runtime` stays last:
 * it ends with the whole `npm test`, which should not compete with the other measurements.
 */
const SECTIONS: Record<string, (options: BenchOptions) => Promise<BenchSection>> = {
  web: benchWeb,
  lambdas: benchLambdas,
  data: benchData,
  cost: benchCost,
  // Options from RELIABILITY_* environment variables (see reliability.ts).
  reliability: () => benchReliability(),
  assistant: () => benchAssistant(),
  runtime: benchRuntime,
};

function machineFacts(): MachineFacts {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: round(os.loadavg()[0], 2),
  };
}

function parseCommand(argv: string[]): { only: string[]; options: BenchOptions } {
  const { values } = parseArgs({ args: argv, options: { only: { type: 'string' }, 'skip-test-suite': { type: 'boolean' } } });
  const only = values.only ? values.only.split(',').map((id) => id.trim()).filter(Boolean) : Object.keys(SECTIONS);
  const unknown = only.filter((id) => !(id in SECTIONS));
  if (unknown.length > 0) throw new Error(`Unknown section ${unknown.join(', ')}; sections: ${Object.keys(SECTIONS).join(', ')}`);
  return { only: Object.keys(SECTIONS).filter((id) => only.includes(id)), options: { skipTestSuite: values['skip-test-suite'] ?? false } };
}

function readPrevious(file: string): BenchReport | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BenchReport;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const { only, options } = parseCommand(process.argv.slice(2));
  const fresh: Record<string, StoredSection> = {};
  const jsonFile = path.join(REPORT_DIR, 'report.json');
  const write = () => {
    // Written after every section, so a crash late in the run keeps what was measured.
    const report = mergeReport(readPrevious(jsonFile), fresh, Object.keys(SECTIONS), new Date());
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(REPORT_DIR, 'report.md'), renderReport(report));
    return report;
  };
  for (const id of only) {
    console.log(`\n== ${id} ==`);
    const machine = machineFacts();
    const started = performance.now();
    const section = await SECTIONS[id](options);
    fresh[id] = { measuredAt: new Date().toISOString(), durationSeconds: round((performance.now() - started) / 1000), machine, section };
    for (const figure of section.figures) {
      console.log(`${figure.pass === false ? '✗' : figure.pass ? '✓' : '·'} ${figure.name}: ${figure.value}${figure.budget ? ` (budget ${figure.budget})` : ''}`);
    }
    write();
  }
  const { passed, failed } = tally(write());
  console.log(`\n${passed} figures within budget, ${failed} outside. Written to bench/report.md and bench/report.json.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
