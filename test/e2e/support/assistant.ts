import { expect, type Page } from '@playwright/test';
import type {
  AssistantResultResponse,
  CandidateSummaryRequest,
  ExternalJobDescriptionRequest,
  Job,
  MustHavesOutput,
  ProposeMustHavesRequest,
  SaveJobRequest,
} from '../../../lambdas/shared/contracts/assistant';
import { sessionIdToken } from './identity';
import { readEndpoints } from './local-runtime';

/**
 * The assistant's routes as the web client calls them, as the person signed in on `page`: for tests
 * whose subject comes after something was produced or saved (the results hub, say). Each capability's
 * screen is walked in assistant.spec.ts; this saves a page load, a form and a wait per result.
 */
export interface AssistantThroughApi {
  proposeMustHaves(request: ProposeMustHavesRequest): Promise<MustHavesOutput>;
  saveJob(request: SaveJobRequest): Promise<Job>;
  candidateSummary(request: CandidateSummaryRequest): Promise<void>;
  jobDescription(request: ExternalJobDescriptionRequest): Promise<void>;
}

export async function assistantThroughApi(page: Page): Promise<AssistantThroughApi> {
  const { restUrl } = readEndpoints();
  const idToken = await sessionIdToken(page);
  const post = async <T>(route: string, data: unknown): Promise<T> => {
    const response = await page.request.post(`${restUrl}/assistant/${route}`, { headers: { Authorization: idToken }, data });
    expect(response.ok(), `POST /assistant/${route}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    proposeMustHaves: async (request) => (await post<AssistantResultResponse<'must-haves'>>('must-haves', request)).result.output,
    saveJob: async (request) => (await post<{ job: Job }>('jobs', request)).job,
    candidateSummary: async (request) => void (await post('candidate-summary', request)),
    jobDescription: async (request) => void (await post('job-description', request)),
  };
}

/**
 * From an assistant screen back to the Services hub through the screen's own link (the eyebrow
 * above its title), as a recruiter goes: an in-app navigation, not a page load.
 */
export async function backToServices(page: Page): Promise<void> {
  await page.locator('.page__eyebrow').getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
}
