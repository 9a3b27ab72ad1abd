import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OrganizationResponse } from '@contracts/organization';
import type { SeatChangePreview } from '@contracts/seats';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { CardEntry } from '../../../config/card-entry';
import { notifySuccess, readableMessage } from '../../../lib/notify';
import { useSubmission } from '../../../lib/use-form';
import type { SeatsApi } from '../api/seats-api';
import type { TestCardTokenizer } from '../api/test-card-tokenizer';
import { formatAmount } from '../format';
import { newIdempotencyKey } from '../idempotency';
import { SEATS_INPUT, SEATS_TEXT, seatsFromText } from '../seats';
import { THREE_D_SECURE_MESSAGES, threeDSecureActionOf } from '../three-d-secure';
import { ThreeDSecureChallenge } from './three-d-secure-challenge';
import './subscriptions.css';

export const SEATS_QUERY_KEY = ['organization-seats'] as const;

export const SEATS_MESSAGES = {
  changed: (seats: number) => `Your firm now has ${seats} seats.`,
  wholeNumber: SEATS_TEXT.wholeNumber,
  previewFailed: 'We could not work out the price of this change. Please try again.',
} as const;

export interface SeatsSectionProps {
  readonly api: SeatsApi;
  readonly cardEntry: CardEntry;
  readonly testCardTokens: TestCardTokenizer | undefined;
  /** A deep link's seats (`?seats=`): previewed at once, the dialog open. */
  readonly initialSeats?: number;
  /** A deep link's internal path (`?returnTo=`, already checked): where a change leads back to. */
  readonly returnTo?: string;
}

/**
 * The account page's seats (issue 18), for the firm's owners and admins: "Seats: N (M in use)"
 * and a way to change them. The seats are the quantity of the firm's subscription, so a change is
 * previewed first (the new price and what is charged or credited now, prorated as Recurly does)
 * and made only once confirmed at that price; going below the seats in use is refused by the
 * server, whose message shows by the field. Nothing shows to recruiters or to people in no firm.
 */
export function SeatsSection(props: SeatsSectionProps) {
  const query = useQuery({ queryKey: SEATS_QUERY_KEY, queryFn: () => props.api.getOrganization() });
  const organization = query.data;
  if (!organization || organization.role === 'recruiter') return null;
  return (
    <section className="card account-seats" aria-labelledby="account-seats">
      <h2 id="account-seats">Seats</h2>
      <SeatsControl {...props} organization={organization} />
    </section>
  );
}

interface Challenge {
  readonly actionTokenId: string;
  readonly preview: SeatChangePreview;
}

function SeatsControl({
  api,
  cardEntry,
  testCardTokens,
  initialSeats,
  returnTo,
  organization,
}: SeatsSectionProps & { readonly organization: OrganizationResponse }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fieldId = useId();
  const [value, setValue] = useState(String(initialSeats ?? organization.seats.total));
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<SeatChangePreview>();
  const [challenge, setChallenge] = useState<Challenge>();
  const previewing = useSubmission();
  const changing = useSubmission();
  const field = useRef<HTMLInputElement>(null);

  const askPrice = (seats: number) =>
    previewing.run(async () => {
      setProblem(undefined);
      try {
        setPreview(await api.previewSeats(seats));
      } catch (error) {
        setProblem(readableMessage(error, SEATS_MESSAGES.previewFailed));
        field.current?.focus();
      }
    });

  // A deep link (the Team page's "invitation beyond the seats") opens the preview at once, once.
  const linked = useRef(false);
  useEffect(() => {
    if (initialSeats === undefined || linked.current) return;
    linked.current = true;
    void askPrice(initialSeats);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the link's seats
  }, [initialSeats]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = seatsFromText(value);
    if ('problem' in read) {
      setProblem(read.problem);
      field.current?.focus();
      return;
    }
    void askPrice(read.seats);
  };

  /** The confirmed change; a 402 opens the bank's check, then the same change is sent with its result. */
  const change = (shown: SeatChangePreview, threeDSecureActionResultTokenId?: string) =>
    changing.run(async () => {
      try {
        const { seats } = await api.changeSeats(
          {
            seats: shown.seats,
            confirmedRecurringTotal: shown.recurringTotal,
            confirmedChargedNow: shown.chargedNow,
            ...(threeDSecureActionResultTokenId ? { threeDSecureActionResultTokenId } : {}),
          },
          newIdempotencyKey(),
        );
        setPreview(undefined);
        notifySuccess(SEATS_MESSAGES.changed(seats));
        await queryClient.invalidateQueries({ queryKey: SEATS_QUERY_KEY });
        if (returnTo) navigate(returnTo);
        else setValue(String(seats));
      } catch (error) {
        setPreview(undefined);
        const actionTokenId = threeDSecureActionOf(error);
        if (actionTokenId) setChallenge({ actionTokenId, preview: shown });
        else setProblem(readableMessage(error));
      }
    });

  const errorId = `${fieldId}-error`;
  return (
    <>
      <p className="seats-summary">
        Seats: {organization.seats.total} ({organization.seats.inUse} in use)
      </p>
      <form className="form seats-form" noValidate onSubmit={submit} aria-busy={previewing.busy || undefined}>
        <div className="field">
          <label className="field__label" htmlFor={fieldId}>
            Number of seats
          </label>
          <input
            ref={field}
            id={fieldId}
            {...SEATS_INPUT}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(undefined);
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            disabled={challenge !== undefined}
          />
          {problem ? (
            <p className="field__error" id={errorId} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--secondary" disabled={previewing.busy || challenge !== undefined}>
            {previewing.busy ? 'Working out the price…' : 'Change seats'}
          </button>
        </div>
      </form>
      {challenge ? (
        <ThreeDSecureChallenge
          entry={cardEntry}
          testCardTokens={testCardTokens}
          actionTokenId={challenge.actionTokenId}
          onAuthenticated={(resultTokenId) => {
            setChallenge(undefined);
            void change(challenge.preview, resultTokenId);
          }}
          onFailed={(message) => {
            setChallenge(undefined);
            setProblem(message || THREE_D_SECURE_MESSAGES.failed);
          }}
        />
      ) : null}
      {preview ? (
        <ConfirmDialog
          title={`Change to ${preview.seats} seats?`}
          confirmLabel={`Confirm ${preview.seats} seats`}
          busyLabel="Changing seats…"
          cancelLabel={`Keep ${preview.currentSeats} seats`}
          busy={changing.busy}
          onConfirm={() => void change(preview)}
          onCancel={() => setPreview(undefined)}
        >
          <SeatPrice preview={preview} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** The price of a previewed change: the new monthly price and what happens now. */
function SeatPrice({ preview }: { readonly preview: SeatChangePreview }) {
  const money = (amount: number) => formatAmount(amount, preview.currency);
  let now: string;
  if (preview.chargedNow > 0) now = `${money(preview.chargedNow)} charged now to your card on file, for the rest of this billing period.`;
  else if (preview.creditedNow > 0) now = `${money(preview.creditedNow)} credited now, for the rest of this billing period.`;
  else now = `${money(0)} due now.`;
  return (
    <>
      <dl className="facts">
        {[
          ['New price', `${money(preview.recurringTotal)} / month (${preview.seats} × ${money(preview.unitAmount)})`],
          ['Current price', `${money(preview.currentRecurringTotal)} / month`],
          ['Due now', now],
        ].map(([term, description]) => (
          <div key={term} className="facts__row">
            <dt>{term}</dt>
            <dd>{description}</dd>
          </div>
        ))}
      </dl>
      <p>Changes made during the billing period are prorated: you pay or are credited only for the days left in it.</p>
    </>
  );
}
