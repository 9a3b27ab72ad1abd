import { useState } from 'react';
import { useDraft } from '../../../lib/drafts';
import type { AssistantResult } from '@contracts/assistant';
import { SubmitButton } from '../../../components/ui/form-field';
import type { AssistantApi } from '../api/assistant-api';
import { definedErrors } from '../format';
import { screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobDraft } from '../use-job-draft';
import { useJobs } from '../use-jobs';
import { useResults } from '../use-results';
import { FormAlert } from './fields';
import { draftErrors, draftOf, EMPTY_DRAFT, JobFields, JobPicker, SampleButton, type JobDraft } from './job-picker';
import { requirementErrors, RequirementList } from './requirement-list';
import { HistoryPanel, ResultPanel } from './result-panel';
import { ScreenFrame } from './screen-frame';

const SCREEN = screenOf('must-haves');

type Action = 'propose' | 'save';

/** A proposal's requirements with the words of the description that gave each. */
function ProposalView({ result, onUse }: { readonly result: AssistantResult<'must-haves'>; readonly onUse?: () => void }) {
  const { output } = result;
  const list = (title: string, items: typeof output.mustHaves) => (
    <>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p>None found in the description.</p>
      ) : (
        <ul className="evidence-list">
          {items.map((item, index) => (
            <li key={index}>
              <span className="evidence-list__item">{item.text}</span> <span className="tag">{item.kind}</span>
              {item.evidence ? <q className="evidence-list__evidence">{item.evidence}</q> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
  return (
    <>
      {output.title || output.location ? (
        <p>Found in the description: {[output.title, output.location].filter(Boolean).join(' · ')}</p>
      ) : null}
      {list('Proposed must-haves', output.mustHaves)}
      {list('Proposed nice-to-haves', output.niceToHaves)}
      {onUse ? (
        <button type="button" className="button button--secondary" onClick={onUse}>
          Use these in the job
        </button>
      ) : null}
    </>
  );
}

/**
 * Client must-haves: write or pick a job, let the assistant propose its must-haves and
 * nice-to-haves from the description, edit them (change, remove, add) and confirm by saving the
 * job; the other screens use the saved lists.
 */
export function MustHavesScreen({ api }: { readonly api: AssistantApi }) {
  const jobs = useJobs(api);
  const results = useResults(api, 'must-haves');
  const { attachScope, attachAlert, ...form } = useAssistantForm();
  const job = useJobDraft(form, SCREEN.capability);
  const { jobId, draft } = job;
  const [mustHaves, setMustHaves] = useDraft<string[]>(`${SCREEN.capability}:must-haves`, []);
  const [niceToHaves, setNiceToHaves] = useDraft<string[]>(`${SCREEN.capability}:nice-to-haves`, []);
  const [action, setAction] = useState<Action>('propose');
  const [saved, setSaved] = useState('');

  const errorsFor = (which: Action) =>
    definedErrors({
      ...draftErrors(draft, { titleRequired: which === 'save' }),
      ...(which === 'save'
        ? { ...requirementErrors('mustHaves', 'Must-have', mustHaves), ...requirementErrors('niceToHaves', 'Nice-to-have', niceToHaves) }
        : {}),
    });
  const errors = errorsFor(action);
  const errorOf = (name: string) => form.errorOf(errors, name);

  const edit = (field: keyof JobDraft, value: string) => {
    job.edit(field, value);
    setSaved('');
  };

  /** Unlike the other screens, the draft is the job being edited: a saved job fills it in. */
  const pick = (id: string) => {
    job.choose(id);
    setSaved('');
    const found = jobs.find(id);
    job.setDraft(found ? draftOf(found) : EMPTY_DRAFT);
    setMustHaves(found ? found.mustHaves.map((item) => item.text) : []);
    setNiceToHaves(found ? found.niceToHaves.map((item) => item.text) : []);
  };

  const use = (result: AssistantResult<'must-haves'>) => {
    setMustHaves(result.output.mustHaves.map((item) => item.text));
    setNiceToHaves(result.output.niceToHaves.map((item) => item.text));
    job.setDraft((before) => ({
      ...before,
      title: before.title.trim() ? before.title : (result.output.title ?? ''),
      location: before.location.trim() ? before.location : (result.output.location ?? ''),
    }));
    setSaved('');
  };

  const fillSample = async () => {
    const sample = await job.fillWithSample();
    setSaved('');
    setMustHaves([]);
    setNiceToHaves([]);
    return sample.title;
  };

  const propose = () =>
    form.run(errorsFor('propose'), async () => {
      const request = {
        title: draft.title.trim() || undefined,
        description: draft.description.trim(),
        companyInfo: draft.companyInfo.trim() || undefined,
      };
      const result = await api.proposeMustHaves(request);
      results.add(result);
      use(result);
    });

  const save = () =>
    form.run(errorsFor('save'), async () => {
      const savedJob = await api.saveJob({
        ...(jobId ? { id: jobId } : {}),
        title: draft.title.trim(),
        companyInfo: draft.companyInfo.trim(),
        description: draft.description.trim(),
        location: draft.location.trim(),
        mustHaves: mustHaves.map((item) => item.trim()),
        niceToHaves: niceToHaves.map((item) => item.trim()),
      });
      jobs.saved(savedJob);
      job.setJobId(savedJob.id);
      setSaved(
        `Saved “${savedJob.title}” with ${savedJob.mustHaves.length} must-have${savedJob.mustHaves.length === 1 ? '' : 's'} and ${savedJob.niceToHaves.length} nice-to-have${savedJob.niceToHaves.length === 1 ? '' : 's'}. The other services can use it now.`,
      );
    });

  const shownFields = new Set([
    'title',
    'location',
    'companyInfo',
    'description',
    'jobId',
    'mustHaves',
    'niceToHaves',
    ...Object.keys(form.serverFields).filter((name) => /^(mustHaves|niceToHaves)\.\d+$/.test(name)),
  ]);

  return (
    <ScreenFrame screen={SCREEN} history={<HistoryPanel results={results} />}>
      <div ref={attachScope} className="assistant-stack">
        <form
          className="card form"
          noValidate
          aria-label="The job"
          aria-busy={form.busy || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            setAction('propose');
            propose();
          }}
        >
          <JobPicker
            jobs={jobs}
            value={jobId}
            onChange={pick}
            extra="A new job"
            hint="Pick a saved job to change it, or write a new one."
          />
          <SampleButton fill={fillSample} />
          <JobFields draft={draft} onChange={edit} errorOf={errorOf} />
          <FormAlert
            problem={action === 'propose' ? form.problem : null}
            attachAlert={action === 'propose' ? attachAlert : undefined}
            shownFields={shownFields}
          />
          <div className="form__actions">
            <SubmitButton busy={form.busy && action === 'propose'} busyLabel="Proposing…">
              Propose must-haves
            </SubmitButton>
          </div>
        </form>

        {results.shown ? (
          <ResultPanel result={results.shown} heading={`Proposed for ${results.shown.label}`}>
            <ProposalView result={results.shown} onUse={() => use(results.shown as AssistantResult<'must-haves'>)} />
          </ResultPanel>
        ) : null}

        <form
          className="card form"
          noValidate
          aria-label="Confirm the must-haves"
          aria-busy={form.busy || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            setAction('save');
            save();
          }}
        >
          <h2 className="assistant-form__heading">Confirm the must-haves</h2>
          <p className="field__hint">
            Change, remove or add requirements, then save the job: screening questions, best-fit rankings and summaries use what you save.
          </p>
          <RequirementList
            name="mustHaves"
            legend="Must-haves"
            itemLabel="Must-have"
            items={mustHaves}
            onChange={(items) => {
              setMustHaves(items);
              setSaved('');
            }}
            errorOf={errorOf}
          />
          <RequirementList
            name="niceToHaves"
            legend="Nice-to-haves"
            itemLabel="Nice-to-have"
            items={niceToHaves}
            onChange={(items) => {
              setNiceToHaves(items);
              setSaved('');
            }}
            errorOf={errorOf}
          />
          <FormAlert
            problem={action === 'save' ? form.problem : null}
            attachAlert={action === 'save' ? attachAlert : undefined}
            shownFields={shownFields}
          />
          <div className="form__actions">
            <SubmitButton busy={form.busy && action === 'save'} busyLabel="Saving…">
              {jobId ? 'Save the job' : 'Save as a new job'}
            </SubmitButton>
          </div>
          <p role="status" className="assistant-saved">
            {saved}
          </p>
        </form>
      </div>
    </ScreenFrame>
  );
}
