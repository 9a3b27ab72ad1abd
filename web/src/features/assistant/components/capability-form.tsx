import type { ReactNode } from 'react';
import type { AssistantCapability, AssistantResult } from '@contracts/assistant';
import { SubmitButton } from '../../../components/ui/form-field';
import type { AssistantScreen } from '../screens';
import type { AssistantForm } from '../use-assistant-form';
import type { Results } from '../use-results';
import { FormAlert } from './fields';
import { HistoryPanel, ResultPanel } from './result-panel';
import { ScreenFrame } from './screen-frame';

/**
 * The layout most capability screens share: one form (its fields, the error message, the submit
 * button with its busy label), the result on show below it, the recent results beside it.
 */
export function CapabilityForm<C extends AssistantCapability>({
  screen,
  form,
  results,
  errors,
  shownFields,
  onSubmit,
  submitLabel,
  busyLabel,
  heading,
  renderResult,
  children,
}: {
  readonly screen: AssistantScreen;
  readonly form: AssistantForm;
  readonly results: Results<C>;
  /** The client rules' errors of the current values. */
  readonly errors: Readonly<Record<string, string>>;
  /** The field paths with a control on the form (other server complaints go in the message). */
  readonly shownFields: readonly string[];
  /** Sends the request and resolves the new result. */
  readonly onSubmit: () => Promise<AssistantResult<C>>;
  readonly submitLabel: string;
  readonly busyLabel: string;
  /** The result's heading, e.g. "Search strings for Senior Backend Engineer". */
  readonly heading: (result: AssistantResult<C>) => string;
  readonly renderResult: (result: AssistantResult<C>) => ReactNode;
  readonly children: ReactNode;
}) {
  const { attachScope, attachAlert } = form;
  return (
    <ScreenFrame screen={screen} history={<HistoryPanel results={results} />}>
      <div ref={attachScope} className="assistant-stack">
        <form
          className="card form"
          noValidate
          aria-label={screen.title}
          aria-busy={form.busy || undefined}
          onSubmit={form.handleSubmit(errors, async () => results.add(await onSubmit()))}
        >
          {children}
          <FormAlert problem={form.problem} attachAlert={attachAlert} shownFields={new Set(shownFields)} />
          <div className="form__actions">
            <SubmitButton busy={form.busy} busyLabel={busyLabel}>
              {submitLabel}
            </SubmitButton>
          </div>
        </form>
        {results.shown ? (
          <ResultPanel result={results.shown} heading={heading(results.shown)}>
            {renderResult(results.shown)}
          </ResultPanel>
        ) : null}
      </div>
    </ScreenFrame>
  );
}
