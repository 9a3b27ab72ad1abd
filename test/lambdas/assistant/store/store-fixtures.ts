import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AssistantTableOptions } from '../../../../lambdas/assistant/store/assistant-items';
import { jobItem } from '../../../../lambdas/assistant/store/jobs-repository';
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

/**
 * Stores a firm's jobs as the repository's create stores each one, 25 a request: a test that needs
 * a firm at its job limit fills it this way, without a create's count of the firm's jobs for each
 * (200 counts over a growing partition cost more than a CPU-second a test).
 */
export async function storeJobs({ client, tableName }: AssistantTableOptions, firmId: string, jobs: readonly Job[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += 25) {
    let pending = jobs.slice(start, start + 25).map((saved) => ({ PutRequest: { Item: jobItem(firmId, saved) } }));
    while (pending.length > 0) {
      const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (UnprocessedItems?.[tableName] ?? []) as typeof pending;
    }
  }
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
