import { useDraft } from '../../../lib/drafts';
import type { AssistantResult, IdentifierKind, RedactionCategory } from '@contracts/assistant';
import type { AssistantApi } from '../api/assistant-api';
import { definedErrors, splitList } from '../format';
import { LIMITS, screenOf } from '../screens';
import { useAssistantForm } from '../use-assistant-form';
import { useJobDraft } from '../use-job-draft';
import { useJobs } from '../use-jobs';
import { useResults } from '../use-results';
import { CapabilityForm } from './capability-form';
import { CopyButton } from './copy-button';
import { ExportActions } from './export-actions';
import { TextAreaField } from './fields';
import { JobSource } from './job-source';

const SCREEN = screenOf('job-description');

export const REDACTION_LABELS: Readonly<Record<RedactionCategory, string>> = {
  'client-name': 'Client name',
  'identifying-detail': 'Identifying detail',
  'rate-or-margin': 'Rate or margin',
  contact: 'Contact details',
  'internal-note': 'Internal note',
};

/** What each kind of personal identifier is called beside its removal (results stored before it was added have none). */
export const IDENTIFIER_LABELS: Readonly<Record<IdentifierKind, string>> = {
  email: 'E-mail address',
  phone: 'Phone number',
  ssn: 'Social security number',
  'payment-card': 'Payment card number',
  iban: 'Bank account (IBAN)',
  'ip-address': 'IP address',
  'street-address': 'Street address',
  'link-or-handle': 'Link or handle',
  'person-name': 'Person’s name',
};

/** The publishable description in its sections, a Copy button for the whole text, and what was removed and why. */
export function JobDescriptionView({ result }: { readonly result: AssistantResult<'job-description'> }) {
  const { output } = result;
  return (
    <>
      <div className="copy-row">
        <CopyButton text={output.text} what="the external job description" />
      </div>
      <ExportActions result={result} what="the external job description" />
      <article className="external-description" aria-label="External job description">
        <h3>{output.title}</h3>
        {output.sections.map((section, index) => (
          <section key={index} className="external-description__section">
            <h4>{section.heading}</h4>
            <p className="preserve-lines">{section.body}</p>
          </section>
        ))}
      </article>
      <h3>Removed, and why</h3>
      {output.removed.length === 0 ? (
        <p>Nothing sensitive was found.</p>
      ) : (
        <ul className="removed-list">
          {output.removed.map((item, index) => (
            <li key={index}>
              <span className="tag">{REDACTION_LABELS[item.category] ?? item.category}</span>{' '}
              {item.identifier ? (
                <>
                  <span className="tag removed-list__kind">{IDENTIFIER_LABELS[item.identifier] ?? item.identifier}</span>{' '}
                </>
              ) : null}
              <del className="removed-list__text">{item.text}</del>
              <span className="removed-list__reason">{item.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** External job description: an internal description (saved or pasted) made publishable. */
export function JobDescriptionScreen({ api }: { readonly api: AssistantApi }) {
  const jobs = useJobs(api);
  const results = useResults(api, 'job-description');
  const form = useAssistantForm();
  const job = useJobDraft(form, SCREEN.capability);
  const [clientNames, setClientNames] = useDraft(`${SCREEN.capability}:client-names`, '');

  const names = splitList(clientNames, { commas: false });
  // The request has no title or location: only the other fields' rules apply.
  const { companyInfo, description } = job.errors({ titleRequired: false });
  const errors = definedErrors({
    companyInfo,
    description,
    clientNames:
      names.length > LIMITS.clientNamesMax
        ? `Give at most ${LIMITS.clientNamesMax} client names.`
        : names.some((name) => name.length > LIMITS.itemMaxChars)
          ? `Each client name has at most ${LIMITS.itemMaxChars} characters.`
          : undefined,
  });
  const errorOf = (name: string) => form.errorOf(errors, name);

  /** The next sample job, with the client names its description mentions. */
  const fillSample = async () => {
    const sample = await job.fillWithSample();
    setClientNames(sample.clientNames.join('\n'));
    return sample.title;
  };

  const request = () => {
    const info = job.draft.companyInfo.trim();
    return job.jobId
      ? { jobId: job.jobId, clientNames: names }
      : { description: job.draft.description.trim(), ...(info ? { companyInfo: info } : {}), clientNames: names };
  };

  return (
    <CapabilityForm
      screen={SCREEN}
      form={form}
      results={results}
      errors={errors}
      shownFields={['jobId', 'companyInfo', 'description', 'clientNames']}
      submitLabel="Write the external description"
      busyLabel="Writing…"
      heading={(result) => `External description: ${result.label}`}
      renderResult={(result) => <JobDescriptionView result={result} />}
      onSubmit={() => api.jobDescription(request())}
    >
      <JobSource
        jobs={jobs}
        job={job}
        errorOf={errorOf}
        extra="Paste a description (not saved)"
        fillSample={fillSample}
        withTitle={false}
      />
      <TextAreaField
        label="Client names"
        name="clientNames"
        optional
        rows={3}
        hint="The client and its brands, one per line: removed wherever they appear, besides the names the assistant finds itself."
        value={clientNames}
        error={form.listErrorOf(errors, 'clientNames')}
        onChange={(value) => {
          setClientNames(value);
          form.changed('clientNames');
        }}
      />
    </CapabilityForm>
  );
}
