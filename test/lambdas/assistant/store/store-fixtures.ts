import type { AssistantResult, Job } from '../../../../lambdas/shared/contracts/assistant';

/** A saved job as the save-job handler stores it. */
export function job(id: string, overrides: Partial<Job> = {}): Job {
  return {
    id,
    title: 'Senior Data Engineer',
    companyInfo: 'A regional logistics company.',
    description: 'Build and run batch and streaming pipelines on AWS.',
    location: 'Chicago, IL',
    mustHaves: [{ text: 'Python', kind: 'skill' }],
    niceToHaves: [{ text: 'Kafka', kind: 'skill' }],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A stored candidate-summary result. */
export function summaryResult(id: string, overrides: Partial<AssistantResult> = {}): AssistantResult {
  return {
    id,
    capability: 'candidate-summary',
    jobId: null,
    label: 'Maya Chen',
    engine: { kind: 'deterministic', model: null, note: null },
    createdAt: '2026-03-01T10:00:00.000Z',
    output: {
      candidateName: 'Maya Chen',
      headline: 'Data engineer, 7 years',
      summary: 'Maya builds pipelines.',
      highlights: [],
      skills: ['Python'],
      yearsOfExperience: 7,
      fit: null,
      text: 'Maya Chen: data engineer.',
    },
    ...overrides,
  } as AssistantResult;
}
