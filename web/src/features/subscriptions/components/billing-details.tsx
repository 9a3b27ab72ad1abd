import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { BillingOverviewResponse, CardOnFile, InvoiceState, InvoiceView } from '@contracts/billing-account';
import { Spinner } from '../../../components/ui/spinner';
import type { CardEntry } from '../../../config/card-entry';
import { notifyError, notifySuccess, readableMessage } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { phaseOf } from '../../../lib/server-state/query-state';
import { useSubmission } from '../../../lib/use-form';
import type { BillingAccountApi } from '../api/billing-account-api';
import type { TestCardTokenizer } from '../api/test-card-tokenizer';
import { formatAmount, formatDate } from '../format';
import { CardEntryError, cardProblemOf, type CardFormHandle } from './card-form';
import { CardEntryForm, CardProblem } from './card-entry-form';
import { ThreeDSecureChallenge } from './three-d-secure-challenge';
import { threeDSecureActionOf } from '../three-d-secure';
import './subscriptions.css';

export const BILLING_QUERY_KEY = ['billing-account'] as const;

export const BILLING_MESSAGES = {
  loadFailed: 'We could not load your billing details.',
  cardUpdated: 'Your card was updated. Your next invoices are charged to it.',
  noCard: 'No card on file. Your card is saved when you choose a plan.',
  noInvoices: 'No invoices yet.',
} as const;

/** Recurly's invoice states (v2021-02-25) as the subscriber reads them. */
const INVOICE_STATE_LABELS: Readonly<Record<InvoiceState, string>> = {
  pending: 'Pending',
  processing: 'Processing',
  past_due: 'Past due',
  paid: 'Paid',
  closed: 'Closed',
  failed: 'Failed',
  voided: 'Voided',
  open: 'Open',
};

/** "Visa ending in 1111, expires 12/2030". */
export function cardDescription(card: CardOnFile): string {
  return `${card.brand} ending in ${card.lastFour}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

export interface BillingDetailsProps {
  readonly api: BillingAccountApi;
  readonly cardEntry: CardEntry;
  readonly testCardTokens: TestCardTokenizer | undefined;
  /** "Name on card" starts with this. */
  readonly cardholderName: string;
}

/**
 * The account page's billing: the card on file (brand, last four, expiry) with "Update card",
 * which takes a new card through the same card form as the checkout (a refused card shows by
 * the fields; a card the bank wants authenticated opens its 3-D Secure check, as at checkout),
 * and the invoices with their number, date, total, state and PDF.
 */
export function BillingDetails({ api, cardEntry, testCardTokens, cardholderName }: BillingDetailsProps) {
  const query = useQuery({ queryKey: BILLING_QUERY_KEY, queryFn: () => api.getOverview() });
  const phase = phaseOf(query);
  if (phase.status === 'loading') return <Spinner label="Loading your billing details…" />;
  if (phase.status === 'error')
    return (
      <div className="notice notice--error">
        <p>{readableMessage(phase.error, BILLING_MESSAGES.loadFailed)}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  return (
    <>
      <CardOnFileSection
        card={phase.data.card}
        api={api}
        cardEntry={cardEntry}
        testCardTokens={testCardTokens}
        cardholderName={cardholderName}
      />
      <InvoiceList invoices={phase.data.invoices} api={api} />
    </>
  );
}

function CardOnFileSection({
  card,
  api,
  cardEntry,
  testCardTokens,
  cardholderName,
}: BillingDetailsProps & { readonly card: CardOnFile | null }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [cardProblem, setCardProblem] = useState<string>();
  const cardProblemId = useId();
  const form = useRef<CardFormHandle>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  const saving = useSubmission();

  // The bank's 3-D Secure check of the new card, while it is open (as at checkout).
  const [challenge, setChallenge] = useState<{ readonly actionTokenId: string; readonly billingToken: string }>();

  const close = () => {
    setEditing(false);
    setCardProblem(undefined);
    setChallenge(undefined);
    // Back to the button that opened the form, for keyboard users.
    setTimeout(() => updateButton.current?.focus());
  };

  /** Saves the card; a 402 opens the bank's check instead of failing. */
  const save = async (billingToken: string, threeDSecureActionResultTokenId?: string) => {
    let saved: CardOnFile;
    try {
      ({ card: saved } = await api.updateCard(billingToken, threeDSecureActionResultTokenId));
    } catch (error) {
      const actionTokenId = threeDSecureActionOf(error);
      if (!actionTokenId) throw error;
      setChallenge({ actionTokenId, billingToken });
      return;
    }
    queryClient.setQueryData<BillingOverviewResponse>(BILLING_QUERY_KEY, (before) => (before ? { ...before, card: saved } : before));
    notifySuccess(BILLING_MESSAGES.cardUpdated);
    close();
  };

  const report = (error: unknown, fromCardForm: boolean) => {
    const problem = cardProblemOf(error, fromCardForm);
    if (problem) setCardProblem(problem);
    else if (!(error instanceof CardEntryError)) notifyError(error);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (challenge) return;
    void saving.run(async () => {
      setCardProblem(undefined);
      let tokenized = false;
      try {
        if (!form.current) return;
        const token = await form.current.tokenize();
        tokenized = true;
        await save(token);
      } catch (error) {
        report(error, !tokenized);
      }
    });
  };

  /** The bank's check was passed: the same card again, with the check's result token. */
  const authenticated = (resultTokenId: string) => {
    if (!challenge) return;
    setChallenge(undefined);
    void saving.run(async () => {
      try {
        await save(challenge.billingToken, resultTokenId);
      } catch (error) {
        report(error, false);
      }
    });
  };

  return (
    <section className="billing-block" aria-labelledby="billing-card">
      <h3 id="billing-card">Card on file</h3>
      <p className="billing-card__summary">{card ? cardDescription(card) : BILLING_MESSAGES.noCard}</p>
      {card && !editing ? (
        <button ref={updateButton} type="button" className="button button--secondary" onClick={() => setEditing(true)}>
          Update card
        </button>
      ) : null}
      {card && editing ? (
        <form className="form billing-card__form" noValidate aria-busy={saving.busy || undefined} onSubmit={submit}>
          <CardEntryForm
            ref={form}
            entry={cardEntry}
            testCardTokens={testCardTokens}
            disabled={saving.busy || challenge !== undefined}
            defaultName={cardholderName}
            describedBy={cardProblem ? cardProblemId : undefined}
          />
          <CardProblem id={cardProblemId} message={cardProblem} />
          {challenge ? (
            <ThreeDSecureChallenge
              entry={cardEntry}
              testCardTokens={testCardTokens}
              actionTokenId={challenge.actionTokenId}
              onAuthenticated={authenticated}
              onFailed={(message) => {
                setChallenge(undefined);
                setCardProblem(message);
              }}
            />
          ) : null}
          <div className="form__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={saving.busy || challenge !== undefined}
              onMouseDown={(event) => event.preventDefault()}
            >
              {saving.busy ? 'Saving your card…' : 'Save card'}
            </button>
            <button type="button" className="button button--secondary" disabled={saving.busy} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

function InvoiceList({ invoices, api }: { readonly invoices: readonly InvoiceView[]; readonly api: BillingAccountApi }) {
  const downloading = useSubmission();
  const download = (invoice: InvoiceView) =>
    void downloading.run(async () => {
      try {
        saveFile(await api.getInvoicePdf(invoice.id), `invoice-${invoice.number}.pdf`);
      } catch (error) {
        notifyError(error);
      }
    });

  return (
    <section className="billing-block" aria-labelledby="billing-invoices">
      <h3 id="billing-invoices">Invoices</h3>
      {invoices.length === 0 ? (
        <p>{BILLING_MESSAGES.noInvoices}</p>
      ) : (
        <table className="invoice-table">
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Date</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">PDF</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <th scope="row" data-label="Invoice">
                  {invoice.number}
                </th>
                <td data-label="Date">{formatDate(invoice.createdAt)}</td>
                <td data-label="Total">{formatAmount(invoice.total, invoice.currency)}</td>
                <td data-label="Status">{INVOICE_STATE_LABELS[invoice.state]}</td>
                <td>
                  <button type="button" className="button button--secondary" disabled={downloading.busy} onClick={() => download(invoice)}>
                    Download PDF<span className="visually-hidden"> of invoice {invoice.number}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
