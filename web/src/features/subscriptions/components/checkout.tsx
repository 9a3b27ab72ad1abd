import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Plan, PlanCurrency } from '@contracts/plans';
import type { CreateChangeRequest, CreateChangeResponse, SubscriptionView } from '@contracts/subscriptions';
import type { CardEntry } from '../../../config/card-entry';
import { UserFacingError } from '../../../lib/errors';
import { notifyError } from '../../../lib/notify';
import { FieldFrame } from '../../../components/ui/form-field';
import { useFocusReturn } from '../../../lib/use-focus-return';
import type { BillingApi } from '../api/billing-api';
import type { TestCardTokenizer } from '../api/test-card-tokenizer';
import { formatAmount, formatDate, periodPhrase, priceSentence, trialPhrase } from '../format';
import { mayRetrySameAttempt, newIdempotencyKey } from '../idempotency';
import { recurringTotal, SEATS_INPUT, SEATS_TEXT, seatsFromText } from '../seats';
import { threeDSecureActionOf } from '../three-d-secure';
import { CARD_FORM_LOADING_MESSAGE, CardEntryError, cardProblemOf, type CardFormHandle } from './card-form';
import { CARD_ENTRY_UNAVAILABLE_MESSAGE, CardEntryForm, CardProblem } from './card-entry-form';
import { ThreeDSecureChallenge } from './three-d-secure-challenge';

/** One checkout attempt: retried as is (same key, same token) until the server settles it. */
interface Attempt {
  readonly idempotencyKey: string;
  readonly request: CreateChangeRequest;
}

export interface CheckoutProps {
  readonly plan: Plan;
  /** The plan's short name ("Professional"). */
  readonly label: string;
  readonly price: PlanCurrency;
  /** The live subscription: the checkout then changes its plan (no card). */
  readonly current?: SubscriptionView;
  readonly currentLabel?: string;
  readonly api: Pick<BillingApi, 'createChange'>;
  readonly cardEntry: CardEntry;
  readonly testCardTokens: TestCardTokenizer | undefined;
  /** "Name on card" starts with this. */
  readonly cardholderName: string;
  /** Runs after the API accepted the request, while the button still shows progress. */
  readonly onCompleted: (response: CreateChangeResponse) => Promise<void>;
}

/** The date a trial of `days` days started today ends (for the summary before subscribing). */
function trialEndFromToday(plan: Plan, now: Date = new Date()): string | undefined {
  if (plan.trial.length <= 0) return undefined;
  const end = new Date(now);
  if (plan.trial.unit === 'days') end.setDate(end.getDate() + plan.trial.length);
  else end.setMonth(end.getMonth() + plan.trial.length);
  return formatDate(end.toISOString());
}

/**
 * Confirms the chosen plan: a new subscription takes its seats (one per recruiter; the firm gets
 * as many, issue 18) and a card (through the card form port) and starts the free trial, with the
 * monthly total for those seats shown before paying; an existing one changes plan without a card
 * and keeps its seats (they change on the Team page). Submitting sends
 * `POST /subscription/create-change` with an Idempotency-Key made once per attempt and reused
 * when the same attempt is retried; the button is disabled while it is in flight. A refused card
 * (declined, expired or invalid details: the server says which) shows by the card fields and
 * stays there until the next attempt; other errors show the server's message as a toast. When
 * the card's bank wants the payment confirmed (402 `three_d_secure_required`), its check opens
 * in the checkout; passed, the same request goes again with the result token (a new
 * Idempotency-Key: the 402 settled the first one); failed or canceled, it says so by the card.
 */
export function Checkout({
  plan,
  label,
  price,
  current,
  currentLabel,
  api,
  cardEntry,
  testCardTokens,
  cardholderName,
  onCompleted,
}: CheckoutProps) {
  const changing = current !== undefined;
  const card = useRef<CardFormHandle>(null);
  const attempt = useRef<Attempt | null>(null);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  // Why the card was refused, for the plan it was refused on (choosing another plan clears it).
  const [refusal, setRefusal] = useState<{ readonly planCode: string; readonly message: string }>();
  const cardProblem = refusal?.planCode === plan.code ? refusal.message : undefined;
  const cardProblemId = useId();
  const rememberFocus = useFocusReturn(busy);
  const heading = useRef<HTMLHeadingElement>(null);
  const cannotPay = !changing && (cardEntry.kind === 'unavailable' || (cardEntry.kind === 'test' && !testCardTokens));
  // The seats of a new subscription, as typed; their problem shows once a submission found it.
  const [seatsText, setSeatsText] = useState('1');
  const [seatsProblem, setSeatsProblem] = useState<string>();
  const seatsField = useRef<HTMLInputElement>(null);
  const typedSeats = seatsFromText(seatsText);
  const seats = 'seats' in typedSeats ? typedSeats.seats : undefined;
  // The bank's check of this plan's payment, while it is open.
  const [openChallenge, setChallenge] = useState<{ readonly actionTokenId: string; readonly request: CreateChangeRequest }>();
  const challenge =
    openChallenge?.request.planCode === plan.code && openChallenge.request.currency === price.currency ? openChallenge : undefined;
  const submitButton = useRef<HTMLButtonElement>(null);
  // The check's buttons go away when it ends: focus returns to the submit button.
  const focusSubmit = useRef(false);
  useEffect(() => {
    if (!focusSubmit.current || busy || challenge) return;
    focusSubmit.current = false;
    submitButton.current?.focus();
  }, [busy, challenge]);

  // A newly chosen plan moves focus here, so keyboard and screen-reader users follow.
  useEffect(() => {
    heading.current?.focus();
  }, [plan.code]);

  const request = async (): Promise<Attempt> => {
    const sameAttempt =
      attempt.current &&
      attempt.current.request.planCode === plan.code &&
      attempt.current.request.currency === price.currency &&
      attempt.current.request.seats === (changing ? undefined : seats);
    if (attempt.current && sameAttempt) return attempt.current;
    attempt.current = null;
    let billingToken: string | undefined;
    if (!changing) {
      // No handle yet: the card form's code is still loading (or there is no card entry at all).
      if (!card.current) throw new UserFacingError(cannotPay ? CARD_ENTRY_UNAVAILABLE_MESSAGE : CARD_FORM_LOADING_MESSAGE);
      billingToken = await card.current.tokenize();
    }
    const next: Attempt = {
      idempotencyKey: newIdempotencyKey(),
      request: {
        planCode: plan.code,
        currency: price.currency,
        ...(billingToken ? { billingToken } : {}),
        ...(changing ? {} : { seats }),
      },
    };
    attempt.current = next;
    return next;
  };

  /** Sends the attempt; a 402 opens the bank's check instead of failing. */
  const send = async ({ idempotencyKey, request: body }: Attempt): Promise<void> => {
    let response: CreateChangeResponse;
    try {
      response = await api.createChange(body, idempotencyKey);
    } catch (error) {
      if (!mayRetrySameAttempt(error)) attempt.current = null;
      const actionTokenId = threeDSecureActionOf(error);
      if (!actionTokenId) throw error;
      setChallenge({ actionTokenId, request: body });
      return;
    }
    attempt.current = null;
    await onCompleted(response);
  };

  /** Runs one submission: one at a time, the button busy, its failure shown. */
  const run = async (work: () => Promise<void>, fromCardForm: () => boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    rememberFocus();
    setBusy(true);
    setRefusal(undefined);
    try {
      await work();
    } catch (error) {
      // The card form shows (and focuses) its own field errors; a refused card shows by the
      // fields; anything else is a toast.
      const problem = cardProblemOf(error, fromCardForm());
      if (problem) setRefusal({ planCode: plan.code, message: problem });
      else if (!(error instanceof CardEntryError)) notifyError(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (challenge) return;
    if (!changing && 'problem' in typedSeats) {
      setSeatsProblem(typedSeats.problem);
      seatsField.current?.focus();
      return;
    }
    let tokenized = changing;
    void run(
      async () => {
        const next = await request();
        tokenized = true;
        await send(next);
      },
      () => !tokenized,
    );
  };

  /** The bank's check was passed: the same request again, with its result token. */
  const authenticated = (resultTokenId: string) => {
    if (!challenge) return;
    setChallenge(undefined);
    focusSubmit.current = true;
    const next: Attempt = {
      idempotencyKey: newIdempotencyKey(),
      request: { ...challenge.request, threeDSecureActionResultTokenId: resultTokenId },
    };
    attempt.current = next;
    void run(
      () => send(next),
      () => false,
    );
  };

  /** The bank's check failed or was given up: nothing was charged; the next try starts afresh. */
  const challengeFailed = (message: string) => {
    setChallenge(undefined);
    focusSubmit.current = true;
    attempt.current = null;
    setRefusal({ planCode: plan.code, message });
  };

  const trialEnd = trialEndFromToday(plan);
  const trial = trialPhrase(plan.trial);
  const money = (amount: number) => formatAmount(amount, price.currency);
  const monthly = seats === undefined ? `${money(price.unitAmount)} per seat` : money(recurringTotal(price, seats));
  return (
    <section className="card checkout" aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" ref={heading} tabIndex={-1}>
        {changing ? 'Change your plan' : 'Start your free trial'}
      </h2>
      {changing ? (
        <p>
          From <strong>{currentLabel}</strong> to <strong>{label}</strong>: {formatAmount(price.unitAmount, price.currency)} /{' '}
          {periodPhrase(plan.interval)}. The change takes effect now and needs no card: your subscription keeps its payment method.
        </p>
      ) : (
        <>
          <p>
            <strong>{label}</strong>: {priceSentence(price, plan.trial, plan.interval)}.
          </p>
          <ul className="checkout__terms">
            {trial && trialEnd ? (
              <li>
                Your {trial} starts today and ends on {trialEnd}; monthly billing of {monthly} starts then.
              </li>
            ) : null}
            {price.setupFee > 0 ? (
              <li>The one-time setup fee of {formatAmount(price.setupFee, price.currency)} is charged today, on your first invoice.</li>
            ) : null}
            <li>Cancel at any time from your account; you keep access until the end of the period.</li>
          </ul>
        </>
      )}
      <form className="form checkout__form" noValidate aria-busy={busy || undefined} onSubmit={submit}>
        {changing ? null : (
          <>
            <FieldFrame label="Seats" hint={SEATS_TEXT.checkoutHint} error={seatsProblem}>
              {(control) => (
                <input
                  {...control}
                  ref={seatsField}
                  {...SEATS_INPUT}
                  className="checkout__seats"
                  value={seatsText}
                  disabled={busy || challenge !== undefined}
                  onChange={(event) => {
                    setSeatsText(event.target.value);
                    setSeatsProblem(undefined);
                  }}
                />
              )}
            </FieldFrame>
            <CheckoutTotal price={price} seats={seats} trialEnd={trial ? trialEnd : undefined} />
            <CardEntryForm
              ref={card}
              entry={cardEntry}
              testCardTokens={testCardTokens}
              disabled={busy || challenge !== undefined}
              defaultName={cardholderName}
              describedBy={cardProblem ? cardProblemId : undefined}
            />
            <CardProblem id={cardProblemId} message={cardProblem} />
          </>
        )}
        {changing && cardProblem ? <CardProblem id={cardProblemId} message={cardProblem} /> : null}
        {challenge ? (
          <ThreeDSecureChallenge
            entry={cardEntry}
            testCardTokens={testCardTokens}
            actionTokenId={challenge.actionTokenId}
            onAuthenticated={authenticated}
            onFailed={challengeFailed}
          />
        ) : null}
        <div className="form__actions">
          {/* Keeps focus in the field on press: its blur could show an error and move the button away. */}
          <button
            type="submit"
            ref={submitButton}
            className="button button--primary"
            disabled={busy || cannotPay || challenge !== undefined}
            onMouseDown={(event) => event.preventDefault()}
          >
            {busy ? (changing ? 'Changing your plan…' : 'Starting your trial…') : changing ? 'Change plan' : 'Start free trial'}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * What the chosen seats cost, before paying (announced as the seats change): the price per seat,
 * the monthly total (price per seat × seats) and when it is first billed, and what is due today
 * (the one-time setup fee, charged once whatever the seats).
 */
function CheckoutTotal({
  price,
  seats,
  trialEnd,
}: {
  readonly price: PlanCurrency;
  readonly seats: number | undefined;
  readonly trialEnd?: string;
}) {
  const money = (amount: number) => formatAmount(amount, price.currency);
  const rows: [string, string][] =
    seats === undefined
      ? []
      : [
          ['Price per seat', `${money(price.unitAmount)} / month`],
          [
            'Monthly total',
            `${money(recurringTotal(price, seats))} / month (${seats} ${seats === 1 ? 'seat' : 'seats'} × ${money(price.unitAmount)})${trialEnd ? `, from ${trialEnd}` : ''}`,
          ],
          [
            'Due today',
            `${money(price.setupFee + (trialEnd ? 0 : recurringTotal(price, seats)))}${price.setupFee > 0 ? ` (the one-time setup fee of ${money(price.setupFee)}, not per seat)` : ''}`,
          ],
        ];
  return (
    <div className="checkout__total" aria-live="polite">
      {rows.length > 0 ? (
        <dl className="facts">
          {rows.map(([term, description]) => (
            <div key={term} className="facts__row">
              <dt>{term}</dt>
              <dd>{description}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
