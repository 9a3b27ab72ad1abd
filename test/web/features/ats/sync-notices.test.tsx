import { render, screen, within } from '@testing-library/react';
import { SyncNotices } from '../../../../web/src/features/ats/components/sync-notices';
import { syncWith } from '../../support/ats';

const ARCHIVE = 'Lever did not let this API key read archive reasons, so rejected applications show no reason.';
const SOURCES = 'Lever did not let this API key read sources, so candidates show no source.';

describe('the features a sync had to do without', () => {
  it('lists them in the server’s words, in a list labelled by a plain heading', () => {
    render(<SyncNotices sync={syncWith('complete', 4, { notices: [ARCHIVE, SOURCES] })} />);

    expect(screen.getByText('Some features are limited:')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Some features are limited:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([ARCHIVE, SOURCES]);
  });

  it('shows nothing when the sync had everything it reads', () => {
    const { container } = render(<SyncNotices sync={syncWith('complete', 4)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
