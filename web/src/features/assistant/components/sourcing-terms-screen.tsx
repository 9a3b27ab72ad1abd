import { useDraft } from '../../../lib/drafts';
import type { AssistantResult, TermGroup } from '@contracts/assistant';
import type { AssistantApi } from '../api/assistant-api';
import { definedErrors, lengthLabel, splitList, withinLimit } from '../format';
import { LIMITS, screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobDraft } from '../use-job-draft';
import { useJobs } from '../use-jobs';
import { useResults } from '../use-results';
import { CapabilityForm } from './capability-form';
import { CopyButton } from './copy-button';
import { TextAreaField } from './fields';
import { draftRequest } from './job-picker';
import { JobSource } from './job-source';

const SCREEN = screenOf('sourcing-terms');

function Groups({ title, groups, joiner }: { readonly title: string; readonly groups: readonly TermGroup[]; readonly joiner: string }) {
  if (groups.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="term-groups">
        {groups.map((group) => (
          <li key={group.concept}>
            <strong>{group.concept}</strong>: {group.terms.join(` ${joiner} `)}
            {group.evidence ? (
              <>
                {' '}
                <span className="term-groups__evidence">
                  (from the posting: <q>{group.evidence}</q>)
                </span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The search strings, each with its size against the target's limit and a Copy button, then the terms behind them. */
export function SourcingTermsView({ result }: { readonly result: AssistantResult<'sourcing-terms'> }) {
  const { output } = result;
  return (
    <>
      <ul className="search-strings">
        {output.searches.map((search) => (
          <li key={`${search.target}-${search.label}`} className="search-string">
            <h3 className="search-string__label">{search.label}</h3>
            <p className="search-string__usage">{search.usage}</p>
            <pre className="search-string__query">
              <code>{search.query}</code>
            </pre>
            <div className="search-string__footer">
              <span className={withinLimit(search) ? 'search-string__length' : 'search-string__length search-string__length--over'}>
                {lengthLabel(search)}
                {withinLimit(search) ? '' : ' (over the limit)'}
              </span>
              <CopyButton text={search.query} what={search.label} />
            </div>
          </li>
        ))}
      </ul>
      {output.titles.length > 0 ? (
        <>
          <h3>Title variants</h3>
          <p>{output.titles.join(' · ')}</p>
        </>
      ) : null}
      <Groups title="Must-haves (every group required)" groups={output.mustHaveGroups} joiner="or" />
      <Groups title="Nice-to-haves and synonyms (any of them)" groups={output.niceToHaveGroups} joiner="or" />
      {output.exclusions.length > 0 ? (
        <>
          <h3>Excluded</h3>
          <p>{output.exclusions.join(' · ')}</p>
        </>
      ) : null}
      {output.location ? <p>Location: {output.location}</p> : null}
      {output.notes.length > 0 ? (
        <>
          <h3>Notes</h3>
          <ul>
            {output.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** Sourcing search terms: from a saved job or a pasted description, with exclusions. */
export function SourcingTermsScreen({ api }: { readonly api: AssistantApi }) {
  const jobs = useJobs(api);
  const results = useResults(api, 'sourcing-terms');
  const form = useAssistantForm();
  const job = useJobDraft(form, SCREEN.capability);
  const [exclusions, setExclusions] = useDraft(`${SCREEN.capability}:exclusions`, '');

  const excluded = splitList(exclusions);
  const errors = definedErrors({
    ...job.errors({ titleRequired: false }),
    exclusions:
      excluded.length > LIMITS.requirementsMax
        ? `Give at most ${LIMITS.requirementsMax} exclusions.`
        : excluded.some((item) => item.length > LIMITS.itemMaxChars)
          ? `Each exclusion has at most ${LIMITS.itemMaxChars} characters.`
          : undefined,
  });
  const errorOf = (name: string) => form.errorOf(errors, name);
  const exclusionsError = form.listErrorOf(errors, 'exclusions');

  return (
    <CapabilityForm
      screen={SCREEN}
      form={form}
      results={results}
      errors={errors}
      shownFields={['jobId', 'title', 'location', 'companyInfo', 'description', 'exclusions']}
      submitLabel="Generate search strings"
      busyLabel="Generating…"
      heading={(result) => `Search strings for ${result.label}`}
      renderResult={(result) => <SourcingTermsView result={result} />}
      onSubmit={() =>
        api.sourcingTerms(job.jobId ? { jobId: job.jobId, exclusions: excluded } : { ...draftRequest(job.draft), exclusions: excluded })
      }
    >
      <JobSource
        jobs={jobs}
        job={job}
        errorOf={errorOf}
        extra="Paste a description (not saved)"
        hint="A saved job brings its confirmed must-haves."
        titleOptional
      />
      <TextAreaField
        label="Exclusions"
        name="exclusions"
        optional
        rows={3}
        hint="Words to keep out of the results, one per line or separated by commas (e.g. intern, recruiter)."
        value={exclusions}
        error={exclusionsError}
        onChange={(value) => {
          setExclusions(value);
          form.changed('exclusions');
        }}
      />
    </CapabilityForm>
  );
}
