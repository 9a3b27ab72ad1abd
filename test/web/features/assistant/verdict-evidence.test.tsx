import { render, screen } from '@testing-library/react';
import { VerdictEvidence } from '../../../../web/src/features/assistant/components/verdict-evidence';

describe('must-have verdicts with their evidence', () => {
  it('quotes the resume sentence behind each verdict that has one', () => {
    render(
      <VerdictEvidence
        verdicts={[
          { requirement: 'Forklift operation', met: true, evidence: 'Loaded 30 trailers a shift with a sit-down forklift.' },
          { requirement: 'OSHA card', met: false, evidence: 'OSHA' },
          { requirement: 'CDL-A', met: false, evidence: null },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Shown: Forklift operation: “Loaded 30 trailers a shift with a sit-down forklift.”',
      'Only claimed: OSHA card: “OSHA”',
    ]);
  });

  it('shows nothing for an answer stored before verdicts had evidence', () => {
    const { container } = render(<VerdictEvidence verdicts={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
