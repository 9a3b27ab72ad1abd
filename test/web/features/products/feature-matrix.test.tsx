import { render, screen, within } from '@testing-library/react';
import { planIncludes } from '@shared-domain/plan-entitlements';
import { CAPABILITIES } from '../../../../web/src/config/capabilities';
import { FeatureMatrix } from '../../../../web/src/features/products/components/feature-matrix';

/** The nine capabilities, verbatim from the spec (section 1), in its order. */
const SPEC_CAPABILITIES = [
  'Generating sourcing search terms from a job description and company information',
  'Formatting external job descriptions without sensitive information',
  'Using client must-haves',
  'Automated screening questions',
  'Evaluating candidate interview answers',
  'Recommending the best-fit candidate',
  'Writing candidate summaries',
  'Predicting placement from past placements',
  'Read-only ATS integration',
];

function matrix() {
  render(<FeatureMatrix />);
  const table = screen.getByRole('table', { name: 'Capabilities by release' });
  const [header, ...rows] = within(table).getAllByRole('row');
  return { table, header, rows };
}

function cellTexts(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('the feature comparison matrix', () => {
  it('is a table with the releases R1, R2 and R3 as columns', () => {
    const { header } = matrix();
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Capability', 'R1', 'R2', 'R3']);
  });

  it('has the nine capabilities of the spec as row headers, in order', () => {
    const { rows } = matrix();
    expect(rows).toHaveLength(9);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(SPEC_CAPABILITIES);
  });

  it('marks every cell in words as Included, Repeat or Pending, and nothing else', () => {
    const { rows } = matrix();
    for (const row of rows) {
      const cells = cellTexts(row);
      expect(cells).toHaveLength(3);
      for (const text of cells) expect(['Included', 'Repeat', 'Pending']).toContain(text);
    }
  });

  it('includes each capability in exactly one release, repeats it afterwards and shows it pending before', () => {
    const { rows } = matrix();
    for (const row of rows) {
      const cells = cellTexts(row);
      const first = cells.indexOf('Included');
      expect(first).toBeGreaterThanOrEqual(0);
      expect(cells.slice(0, first).every((text) => text === 'Pending')).toBe(true);
      expect(cells.slice(first + 1).every((text) => text === 'Repeat')).toBe(true);
    }
  });

  it('ships each capability in the release of the lowest plan that includes it, as the server enforces', () => {
    const { rows } = matrix();
    // R1 is Starter, R2 Professional, R3 Enterprise: a capability is Pending exactly where that
    // release's plan is refused it (planIncludes, the rule the subscriber gate applies).
    const tiers = ['starter', 'professional', 'enterprise'] as const;
    rows.forEach((row, index) => {
      const feature = CAPABILITIES[index].feature;
      expect([feature, cellTexts(row).map((text) => text !== 'Pending')]).toEqual([
        feature,
        tiers.map((tier) => planIncludes(tier, feature)),
      ]);
    });
    expect(rows.map((row) => cellTexts(row).indexOf('Included') + 1)).toEqual([1, 1, 1, 1, 2, 3, 2, 3, 1]);
  });

  it('explains the three states in a legend', () => {
    render(<FeatureMatrix />);
    const legend = screen.getByLabelText('Legend');
    expect(Array.from(legend.querySelectorAll('dt'), (term) => term.textContent)).toEqual(['Included', 'Repeat', 'Pending']);
    expect(within(legend).getByText('Carried over from an earlier release.')).toBeInTheDocument();
  });
});
