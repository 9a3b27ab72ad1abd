import { costTable, featureCost, firmCostTable, firmFeatureUse, monthlyCost, PRICES, replaceBlock, total } from './cost-model';
import { packageOf } from './lambda-bundles';
import { isRatioFigure, mergeReport, renderReport, tally, type StoredSection } from './report';
import { latencySummary, median, percentile } from './stats';

const machine = { cpuModel: 'test cpu', cpus: 2, memoryGiB: 24, node: 'v20', os: 'Linux', loadAverage: 1 };
const stored = (id: string, pass: boolean | null, measuredAt = '2026-11-24T12:00:00.000Z'): StoredSection => ({
  measuredAt,
  durationSeconds: 1,
  machine,
  section: { id, title: `Section ${id}`, figures: [{ name: `${id} figure`, value: '1.10x (11 ms vs 10 ms)', budget: 'at most 1.2x', pass, note: pass === false ? 'why it failed' : undefined }] },
});

describe('bench statistics', () => {
  it('takes percentiles by nearest rank and medians of even and odd counts', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(latencySummary([1, 2, 3, 4])).toEqual({ count: 4, p50Ms: 2, p95Ms: 4, maxMs: 4 });
  });
});

describe('bench report', () => {
  it('keeps the sections a subset run did not measure, in the registry order', () => {
    const previous = mergeReport(undefined, { web: stored('web', true, 'old'), data: stored('data', false, 'old') }, ['web', 'data'], new Date(0));
    const merged = mergeReport(previous, { data: stored('data', true, 'new') }, ['web', 'data'], new Date(1));
    expect(Object.keys(merged.sections)).toEqual(['web', 'data']);
    expect(merged.sections.web.measuredAt).toBe('old');
    expect(merged.sections.data.measuredAt).toBe('new');
    expect(tally(merged)).toEqual({ passed: 2, failed: 0 });
  });

  it('renders every figure with its budget and verdict, ratios first, and the notes of failures', () => {
    const report = mergeReport(undefined, { web: stored('web', false), cost: stored('cost', null) }, ['web', 'cost'], new Date(0));
    const markdown = renderReport(report);
    expect(markdown).toContain('**0 within budget, 1 outside.**');
    expect(markdown).toContain('| web figure | 1.10x (11 ms vs 10 ms) | at most 1.2x | **FAIL** |');
    expect(markdown).toContain('| cost figure | 1.10x (11 ms vs 10 ms) | at most 1.2x | – |');
    expect(markdown).toContain('- **web figure**: why it failed');
    expect(markdown.indexOf('## Headline: ratios')).toBeLessThan(markdown.indexOf('## Section web'));
    expect(isRatioFigure({ name: 'x', value: '42 kB', budget: '', pass: null })).toBe(false);
  });
});

describe('bench helpers', () => {
  it('names the package of a bundled input', () => {
    expect(packageOf('node_modules/@smithy/core/dist-cjs/index.js')).toBe('@smithy/core');
    expect(packageOf('node_modules/zod/v4/locales/he.js')).toBe('zod');
    expect(packageOf('lambdas/shared/errors.ts')).toBe('(project)');
  });
});

describe('cost model', () => {
  it('charges Cognito only beyond the free MAUs, and grows with the users', () => {
    const cognito = (users: number) => monthlyCost(users).find((line) => line.service.startsWith('Cognito'))?.usd;
    expect(cognito(10_000)).toBe(0);
    expect(cognito(100_000)).toBeCloseTo(90_000 * PRICES.cognitoEssentialsPerMau);
    expect(total(monthlyCost(100_000))).toBeGreaterThan(total(monthlyCost(10_000)));
    expect(costTable([1_000, 10_000])).toMatch(/^\| Service \| 1,000 users \| 10,000 users \|/);
  });

  it("prices each firm feature per firm, the team's reads growing with the square of the firm", () => {
    const fifty = firmFeatureUse(50);
    const fiveHundred = firmFeatureUse(500);
    // Ten times the recruiters: ten times the shares and entries, about a hundred times the team's read units.
    expect(fiveHundred.sharedResults.wru / fifty.sharedResults.wru).toBeCloseTo(10);
    expect(fiveHundred.activity.wru / fifty.activity.wru).toBeCloseTo(10);
    expect(fiveHundred.team.rru / fifty.team.rru).toBeGreaterThan(90);
    expect(featureCost(fiveHundred.team)).toBeGreaterThan(featureCost(fifty.team) * 10);
    expect(firmCostTable([5, 50])).toMatch(/^\| Per firm \| 5 recruiters \| 50 recruiters \|/);
  });

  it('replaces only the marked block of the document', () => {
    const document = 'before\n<!-- t:start -->\nold\n<!-- t:end -->\nafter';
    expect(replaceBlock(document, 't', 'new')).toBe('before\n<!-- t:start -->\nnew\n<!-- t:end -->\nafter');
    expect(() => replaceBlock('no markers', 't', 'x')).toThrow(/markers/);
  });
});
