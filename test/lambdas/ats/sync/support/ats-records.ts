import type { AtsApplication, AtsCandidate, AtsJob } from '../../../../../lambdas/ats/ats-port';

/** A job as a connector maps it. */
export function atsJob(id: string, overrides: Partial<AtsJob> = {}): AtsJob {
  return {
    id,
    title: `Data Engineer ${id}`,
    status: 'open',
    location: 'Chicago, IL',
    department: 'Engineering',
    description: 'Build and run pipelines on AWS.',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A candidate as a connector maps it. */
export function atsCandidate(id: string, overrides: Partial<AtsCandidate> = {}): AtsCandidate {
  return {
    id,
    name: `Candidate ${id}`,
    headline: 'Senior Engineer at Acme',
    location: 'Chicago, IL',
    profile: 'Python, Kafka, 7 years building pipelines.',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An application as a connector maps it. */
export function atsApplication(id: string, candidateId: string, jobId: string, overrides: Partial<AtsApplication> = {}): AtsApplication {
  return {
    id,
    candidateId,
    jobId,
    status: 'active',
    stage: 'Onsite interview',
    appliedAt: '2026-01-02T00:00:00.000Z',
    closedAt: null,
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}
