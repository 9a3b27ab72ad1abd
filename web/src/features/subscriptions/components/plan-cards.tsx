import { useId } from 'react';
import type { Plan } from '@contracts/plans';
import { currencySymbol, priceSentence } from '../format';
import { tierOfAnyPlanCode } from '@shared-domain/plan-entitlements';
import { PlanFeatureList } from '../entitlements';
import { priceIn } from '../plans';
// The Currency select is a `.field`: its styles come with it, not from whichever page loaded form.css first.
import '../../../components/ui/form.css';

export interface PlanCardsProps {
  readonly plans: readonly Plan[];
  /** Short names by plan code ("Starter"). */
  readonly labels: Readonly<Record<string, string>>;
  readonly currency: string;
  readonly selectedCode: string | undefined;
  /** The plan of the live subscription, marked as current and not choosable. */
  readonly currentCode?: string;
  readonly onChoose: (code: string) => void;
  readonly disabled?: boolean;
}

/**
 * The plans as cards: name, what the plan includes (the entitlements the server enforces; the
 * provider's description only for a plan outside the three known ones), the price in the chosen currency with the trial and the
 * setup fee, the plan terms (spec: two weeks free, monthly billing, one-time setup fee), and a
 * "Choose <plan>" button (pressed when chosen).
 */
export function PlanCards({ plans, labels, currency, selectedCode, currentCode, onChoose, disabled }: PlanCardsProps) {
  return (
    <ul className="plan-cards">
      {plans.map((plan) => {
        const label = labels[plan.code] ?? plan.name;
        const price = priceIn(plan, currency);
        const selected = plan.code === selectedCode;
        const current = plan.code === currentCode;
        return (
          <li key={plan.code} className={`card plan-card${selected ? ' plan-card--selected' : ''}`}>
            <h2 className="plan-card__name">{label}</h2>
            {current ? <p className="plan-card__badge">Your current plan</p> : null}
            <PlanContents plan={plan} />
            <p className="plan-card__price">{price ? priceSentence(price, plan.trial, plan.interval) : `Not available in ${currency}`}</p>
            <p className="plan-card__terms">Two weeks free · monthly billing · one-time setup fee</p>
            {current ? null : (
              <button
                type="button"
                className={`button ${selected ? 'button--primary' : 'button--secondary'}`}
                aria-pressed={selected}
                disabled={disabled || !price}
                onClick={() => onChoose(plan.code)}
              >
                Choose {label}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** What a plan includes: the entitlements' list for a known plan, else the provider's description. */
export function PlanContents({ plan }: { readonly plan: Plan }) {
  const tier = tierOfAnyPlanCode(plan.code);
  if (tier) return <PlanFeatureList tier={tier} />;
  return plan.description ? <p className="plan-card__description">{plan.description}</p> : null;
}

/** The currency of the prices, shown when the plans are sold in more than one. */
export function CurrencySelect({
  currencies,
  value,
  onChange,
  disabled,
}: {
  readonly currencies: readonly string[];
  readonly value: string;
  readonly onChange: (currency: string) => void;
  readonly disabled?: boolean;
}) {
  const id = useId();
  if (currencies.length < 2) return null;
  return (
    <div className="field currency-select">
      <label className="field__label" htmlFor={id}>
        Currency
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {currencySymbol(code) === code ? code : `${code} (${currencySymbol(code)})`}
          </option>
        ))}
      </select>
    </div>
  );
}
