import { render, screen, within } from '@testing-library/react';
import type { AssistantResult } from '@contracts/assistant';
import { JobDescriptionView } from '../../../../web/src/features/assistant/components/job-description-screen';

function resultWith(removed: AssistantResult<'job-description'>['output']['removed']): AssistantResult<'job-description'> {
  return {
    id: 'result-7',
    capability: 'job-description',
    jobId: null,
    label: 'Night Charge Nurse',
    engine: { kind: 'deterministic', model: null, note: null },
    createdAt: '2026-11-20T09:00:00.000Z',
    output: {
      title: 'Night Charge Nurse',
      sections: [{ heading: 'About the role', body: 'We are looking for a Night Charge Nurse to join our client.' }],
      text: 'Night Charge Nurse\n\nAbout the role\nWe are looking for a Night Charge Nurse to join our client.',
      removed,
    },
  };
}

describe('the external job description result', () => {
  it('names the kind of identifier each removal was, beside its category and reason', () => {
    render(
      <JobDescriptionView
        result={resultWith([
          {
            category: 'contact',
            text: '+44 20 7946 0958',
            reason: 'A phone number: candidates apply through the agency.',
            identifier: 'phone',
          },
          {
            category: 'identifying-detail',
            text: '4929 1234 5678 9013',
            reason: 'A payment card number (it passes the Luhn check).',
            identifier: 'payment-card',
          },
        ])}
      />,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Contact details Phone number +44 20 7946 0958'),
      expect.stringContaining('Identifying detail Payment card number 4929 1234 5678 9013'),
    ]);
    expect(within(items[1]).getByText('A payment card number (it passes the Luhn check).')).toBeVisible();
  });

  it('shows a removal stored before identifiers were named with its category only', () => {
    render(
      <JobDescriptionView
        result={resultWith([{ category: 'internal-note', text: 'Do not share the rate.', reason: 'A note for the recruiter.' }])}
      />,
    );
    const item = within(screen.getByRole('list')).getByRole('listitem');
    expect(item.textContent).toBe('Internal note Do not share the rate.A note for the recruiter.');
  });
});
