import { render, screen, within } from '@testing-library/react';
import type { AtsSkippedReasonView } from '@contracts/ats';
import { SkippedRecords } from '../../../../web/src/features/ats/components/skipped-records';
import { syncWith, withSkipped } from '../../support/ats';

const TAGS: AtsSkippedReasonView = { resource: 'candidates', reason: 'unreadable "Tags"', count: 2 };
const NO_ID: AtsSkippedReasonView = { resource: 'candidates', reason: 'no candidate id', count: 1 };

/** The listed sentences, in order. */
function skippedList(): string[] {
  const list = screen.getByRole('list', { name: /could not be read/ });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('the skipped records of a sync', () => {
  it('says how many records of which kind were skipped and why, in plain words', () => {
    render(
      <SkippedRecords
        sync={withSkipped(syncWith('complete', 4), [TAGS, NO_ID, { resource: 'applications', reason: 'no job id', count: 1 }])}
      />,
    );

    expect(skippedList()).toEqual([
      '3 candidates were skipped: unreadable "Tags" (2), no candidate id (1).',
      '1 application was skipped: no job id (1).',
    ]);
    expect(screen.getByText(/Some records in your ATS could not be read/)).toHaveTextContent(
      'Some records in your ATS could not be read, so the sync skipped them and stored everything else. Once they are corrected in your ATS, a later sync reads them.',
    );
  });

  it('counts the records whose reasons the server did not list as other reasons', () => {
    const sync = withSkipped(syncWith('complete', 4), [{ resource: 'jobs', reason: 'no title', count: 2 }]);
    render(
      <SkippedRecords
        sync={{
          ...sync,
          counts: {
            ...sync.counts,
            jobs: { ...sync.counts.jobs, skipped: 5 },
            applications: { ...sync.counts.applications, skipped: 1200 },
          },
        }}
      />,
    );

    expect(skippedList()).toEqual(['5 jobs were skipped: no title (2), other reasons (3).', '1,200 applications were skipped.']);
  });

  it('shows nothing when nothing was skipped', () => {
    const { container } = render(<SkippedRecords sync={syncWith('complete', 4)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
