import { useRef } from 'react';
import { useDraft } from '../../lib/drafts';
import type { AssistantApi } from './api/assistant-api';
import { draftErrors, draftOf, EMPTY_DRAFT, type JobDraft } from './components/job-picker';
import { cycle, loadJobSamples, type JobSample } from './samples';
import type { AssistantForm } from './use-assistant-form';
import type { Jobs } from './use-jobs';

/**
 * The job a screen works on: a saved job chosen in the picker (`jobId`), or, with none chosen
 * (`jobId` is ''), the draft written on the screen. Choosing a job or loading a sample forgets the
 * form's errors; changing a draft field forgets the server's complaint about that field. Both are
 * the screen's draft (`screen`): they are still there after navigating away and back.
 */
export function useJobDraft(form: Pick<AssistantForm, 'changed' | 'reset'>, screen: string) {
  const [jobId, setJobId] = useDraft(`${screen}:job-id`, '');
  const [draft, setDraft] = useDraft<JobDraft>(`${screen}:job`, EMPTY_DRAFT);
  const sampleCounter = useRef(0);

  /** The picker's `onChange`: a saved job's id, or '' to write the job here. */
  const choose = (id: string) => {
    setJobId(id);
    form.reset();
  };

  /** The job fields' `onChange`. */
  const edit = (field: keyof JobDraft, value: string) => {
    setDraft((before) => ({ ...before, [field]: value }));
    form.changed(field);
  };

  /** Puts the next shipped sample job in the draft, with no saved job chosen, and resolves it. */
  const fillWithSample = async (): Promise<JobSample> => {
    const sample = cycle(await loadJobSamples(), sampleCounter);
    choose('');
    setDraft(draftOf(sample));
    return sample;
  };

  /** The draft's client rules by field name; none while a saved job is chosen. */
  const errors = (rules: { readonly titleRequired: boolean }) => (jobId ? {} : draftErrors(draft, rules));

  /**
   * The job a request needs: the chosen saved job, or the draft saved now as a new job (with no
   * must-haves yet: the assistant derives them from the description), which becomes the
   * picker's choice.
   */
  const ensureSaved = async (api: AssistantApi, jobs: Jobs): Promise<string> => {
    if (jobId) return jobId;
    const job = await api.saveJob({
      title: draft.title.trim(),
      companyInfo: draft.companyInfo.trim(),
      description: draft.description.trim(),
      location: draft.location.trim(),
      mustHaves: [],
      niceToHaves: [],
    });
    jobs.saved(job);
    setJobId(job.id);
    return job.id;
  };

  return { jobId, setJobId, draft, setDraft, choose, edit, fillWithSample, errors, ensureSaved };
}

export type JobDraftState = ReturnType<typeof useJobDraft>;
