/**
 * The bench report: sections merged into one record (bench/report.json) and rendered as one table
 * a person reads (bench/report.md). Pure functions; the runner (bench.ts) does the file I/O.
 */
import type { BenchFigure, BenchSection } from './section';

/** The machine the figures were measured on: they only compare within one machine. */
export interface MachineFacts {
  readonly cpuModel: string;
  readonly cpus: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly os: string;
  /** 1-minute load average when the section started: a busy machine explains slow figures. */
  readonly loadAverage: number;
}

/** One section as stored: what it measured, when, and on which machine. */
export interface StoredSection {
  readonly measuredAt: string;
  readonly durationSeconds: number;
  readonly machine: MachineFacts;
  readonly section: BenchSection;
}

/** bench/report.json. */
export interface BenchReport {
  readonly updatedAt: string;
  /** By section id, in the runner's order. */
  readonly sections: Readonly<Record<string, StoredSection>>;
}

/**
 * The new report: the sections measured now replace their previous figures; sections not run
 * this time (`--only`) keep theirs, with their own dates. Ordered as `order` lists the ids.
 */
export function mergeReport(previous: BenchReport | undefined, fresh: Readonly<Record<string, StoredSection>>, order: readonly string[], now: Date): BenchReport {
  const all: Record<string, StoredSection> = { ...previous?.sections, ...fresh };
  const ids = [...order.filter((id) => id in all), ...Object.keys(all).filter((id) => !order.includes(id))];
  const sections: Record<string, StoredSection> = {};
  for (const id of ids) sections[id] = all[id];
  return { updatedAt: now.toISOString(), sections };
}

/** A figure's verdict as the table shows it. */
export function verdict(pass: boolean | null): string {
  if (pass === null) return '–';
  return pass ? 'pass' : '**FAIL**';
}

/** Counts of figures within and outside their budgets (figures without a budget are not counted). */
export function tally(report: BenchReport): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const { section } of Object.values(report.sections)) {
    for (const figure of section.figures) {
      if (figure.pass === true) passed += 1;
      if (figure.pass === false) failed += 1;
    }
  }
  return { passed, failed };
}

/** Figures whose value leads with a ratio ("1.08x …"): the headline, since absolute times are noisy. */
export function isRatioFigure(figure: BenchFigure): boolean {
  return /^\d+(\.\d+)?x\b/.test(figure.value);
}

/** Markdown table cells must not break the table. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function figureRow(figure: BenchFigure): string {
  return `| ${cell(figure.name)} | ${cell(figure.value)} | ${cell(figure.budget)} | ${verdict(figure.pass)} |`;
}

function machineLine(machine: MachineFacts): string {
  return `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.os}, load ${machine.loadAverage}`;
}

/** bench/report.md: headline ratios, then one table per section with its notes, date and machine. */
export function renderReport(report: BenchReport): string {
  const { passed, failed } = tally(report);
  const stored = Object.values(report.sections);
  const lines = [
    '# Benchmark report',
    '',
    'Written by `npm run bench` (`test/bench/`). The machine is shared and noisy, so ratios measured',
    'side by side in one run are the headline; absolute times are context. Every figure has its',
    'budget and verdict; a figure outside its budget says why in its note.',
    '',
    `**${passed} within budget, ${failed} outside.** Updated ${report.updatedAt}.`,
    '',
    '## Headline: ratios',
    '',
    '| Figure | Value | Budget | Result |',
    '|---|---|---|---|',
    ...stored.flatMap(({ section }) => section.figures.filter(isRatioFigure).map(figureRow)),
  ];
  for (const { section, measuredAt, durationSeconds, machine } of stored) {
    lines.push('', `## ${section.title}`, '', `Finished ${measuredAt} after ${durationSeconds} s on ${machineLine(machine)} (at the start).`, '');
    lines.push('| Figure | Value | Budget | Result |', '|---|---|---|---|', ...section.figures.map(figureRow));
    const notes = section.figures.filter((figure) => figure.note);
    if (notes.length > 0) {
      lines.push('', ...notes.map((figure) => `- **${figure.name}**: ${figure.note}`));
    }
  }
  lines.push('', 'Raw numbers: `bench/report.json` (`sections.<id>.section.details`).', '');
  return lines.join('\n');
}
