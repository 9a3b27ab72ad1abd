import type { AssistantResult } from '@contracts/assistant';

const engine = { kind: 'deterministic', model: null, note: null } as const;

/** A candidate summary against a job, with a name that needs WinAnsi beyond ASCII. */
export const SUMMARY: AssistantResult<'candidate-summary'> = {
  id: 'summary-1',
  capability: 'candidate-summary',
  jobId: 'job-1',
  label: 'Zoë Brontë · Backend Engineer',
  engine,
  createdAt: '2026-11-20T09:00:00.000Z',
  output: {
    candidateName: 'Zoë Brontë',
    headline: 'Backend engineer, 8 years on AWS (payments)',
    summary: 'Builds payment services in Node.js and TypeScript; led a move to DynamoDB.',
    highlights: ['Cut settlement time from 2 days to 4 hours', 'Mentored five engineers'],
    skills: ['Node.js', 'TypeScript', 'AWS Lambda'],
    yearsOfExperience: 8,
    fit: { met: ['Node.js', 'AWS'], missing: ['Kafka'] },
    text: 'Zoë Brontë\nBackend engineer',
  },
};

/** An external job description whose sections hold bullets as "- " lines. */
export const DESCRIPTION: AssistantResult<'job-description'> = {
  id: 'description-1',
  capability: 'job-description',
  jobId: null,
  label: 'Senior Backend Engineer',
  engine,
  createdAt: '2026-11-20T09:00:00.000Z',
  output: {
    title: 'Senior Backend Engineer',
    sections: [
      { heading: 'About the role', body: 'Our client builds payment software (remote-first) & ships weekly.' },
      { heading: 'What you will do', body: '- Design APIs\n- Run services on AWS\n- Review <code> with the team' },
    ],
    text: 'Senior Backend Engineer',
    removed: [],
  },
};
