/**
 * Bench section "cost": regenerates the tables of docs/cost.md from test/bench/cost-model.ts and
 * reports the monthly totals (no budget: the issue asks for the model, not a limit).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assumptionLines, costTable, firmCostTable, monthlyCost, replaceBlock, total } from './cost-model';
import type { BenchSection } from './section';

const DOC = path.resolve(__dirname, '..', '..', 'docs', 'cost.md');
export const USER_COUNTS = [1_000, 10_000, 100_000];
/** The firm sizes the firm features are priced for (issue 18: firms of 5 to 500 recruiters). */
export const FIRM_SIZES = [5, 50, 500];

export async function benchCost(): Promise<BenchSection> {
  const { prices, usage } = assumptionLines();
  let document = fs.readFileSync(DOC, 'utf8');
  document = replaceBlock(document, 'cost-table', costTable(USER_COUNTS));
  document = replaceBlock(document, 'cost-firms', firmCostTable(FIRM_SIZES));
  document = replaceBlock(document, 'cost-prices', prices.join('\n'));
  document = replaceBlock(document, 'cost-usage', usage.join('\n'));
  fs.writeFileSync(DOC, document);
  return {
    id: 'cost',
    title: 'Cost model (docs/cost.md)',
    figures: USER_COUNTS.map((users) => {
      const bill = total(monthlyCost(users));
      return { name: `AWS bill per month, ${users.toLocaleString('en-US')} monthly active users`, value: `$${bill.toFixed(2)} ($${(bill / users).toFixed(4)} per user)`, budget: '', pass: null };
    }),
    details: Object.fromEntries(USER_COUNTS.map((users) => [users, monthlyCost(users)])),
  };
}
