import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { E2E_RUNTIME_LOG } from '../../../playwright.config';

/** At most this many of the runtime's lines are printed for one failure; the file has them all. */
const MAX_LINES = 300;

function logSize(): number {
  return existsSync(E2E_RUNTIME_LOG) ? statSync(E2E_RUNTIME_LOG).size : 0;
}

/** The log's lines from byte `from` to its end now. */
function linesFrom(from: number): string[] {
  const to = logSize();
  if (to <= from) return [];
  const buffer = Buffer.alloc(to - from);
  const file = openSync(E2E_RUNTIME_LOG, 'r');
  try {
    readSync(file, buffer, 0, buffer.length, from);
  } finally {
    closeSync(file);
  }
  return buffer.toString('utf8').split('\n').filter(Boolean);
}

/** The web server's line for a page or asset it served: half the log, and never what a failure needs. */
const SERVED_FILE = /^\[web\] \S+ \S+ [23]\d\d /;

function print(heading: string, lines: readonly string[]): void {
  const wanted = lines.filter((line) => !SERVED_FILE.test(line));
  const shown = wanted.slice(-MAX_LINES);
  const left = wanted.length - shown.length;
  const where = path.relative(process.cwd(), E2E_RUNTIME_LOG);
  console.log(
    [`  ${heading} (${where}${left > 0 ? `; the ${left} lines before these are there` : ''}):`, ...shown.map((line) => `    ${line}`)].join(
      '\n',
    ),
  );
}

/**
 * The local runtime writes its request log to a file (playwright.config.ts) instead of the test
 * output, where it was thousands of lines a run; this prints what it wrote while a test ran, under
 * that test, when the test fails (both workers' requests, as the runtime serves them together), and
 * the log's end when the run fails before any test began (the runtime did not start).
 */
export default class RuntimeLogReporter implements Reporter {
  private readonly offsets = new Map<string, number>();

  onTestBegin(test: TestCase, result: TestResult): void {
    this.offsets.set(`${test.id}#${result.retry}`, logSize());
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const key = `${test.id}#${result.retry}`;
    const from = this.offsets.get(key) ?? 0;
    if (result.status === test.expectedStatus || result.status === 'skipped') return;
    print(`The local runtime's log while "${test.title}" ran`, linesFrom(from));
  }

  onEnd(result: FullResult): void {
    if (result.status !== 'passed' && this.offsets.size === 0) print("The end of the local runtime's log", linesFrom(0).slice(-50));
  }

  printsToStdio(): boolean {
    return true;
  }
}
