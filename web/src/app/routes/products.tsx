import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { FeatureMatrix } from '../../features/products/components/feature-matrix';
import { createRestBillingApi } from '../../features/subscriptions/api/billing-api';
import { PublicPlans } from '../../features/subscriptions/components/public-plans';
import { usePortOverrides } from '../ports';
import { useDocumentTitle } from '../../lib/use-document-title';
import './products.css';

/** Products: the releases and the feature comparison matrix, then the plans with their prices (public). */
export default function ProductsPage() {
  useDocumentTitle('Products');
  const config = useRuntimeConfig();
  const { productName } = config;
  const { billing } = usePortOverrides();
  const billingApi = useMemo(() => billing ?? createRestBillingApi(config), [billing, config]);
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Products</p>
        <h1>What {productName} does, release by release</h1>
        <p className="page__lead">
          {productName} ships in three releases, one per plan. Each release keeps everything from the one before and adds a new set of
          tools, so your team can adopt the assistant step by step: first the job, then the candidates, then the decision.
        </p>
      </div>

      <FeatureMatrix />

      <div className="release-notes">
        <section className="card" aria-labelledby="r1-title">
          <h2 id="r1-title">R1 · The job (Starter)</h2>
          <p>
            Work from a job description and the client’s brief: sourcing search terms, a clean external ad, the client’s must-haves and a
            screening question set. Paste the job and go, or connect your ATS read-only to bring its jobs and candidates in.
          </p>
        </section>
        <section className="card" aria-labelledby="r2-title">
          <h2 id="r2-title">R2 · The candidates (Professional)</h2>
          <p>Evaluate interview answers against the role and send the client a consistent summary of each candidate.</p>
        </section>
        <section className="card" aria-labelledby="r3-title">
          <h2 id="r3-title">R3 · The decision (Enterprise)</h2>
          <p>
            See which candidates fit the job best and why, and let the assistant learn from the placements your desk has already made in
            your ATS to predict which candidates are likely to be placed.
          </p>
        </section>
      </div>

      <section className="plans-note" aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        <p>
          Starter, Professional and Enterprise plans all start with <strong>two weeks free</strong>, then use{' '}
          <strong>monthly billing</strong>, with a <strong>one-time setup fee</strong>. Each plan includes the one before it and matches a
          release: Starter is R1, Professional R2 and Enterprise R3. Beta customers are invited to a release group with a registration code.
        </p>
        <PublicPlans api={billingApi} />
        <p className="plans-note__actions">
          <Link to={paths.subscribe} className="button button--primary">
            Start your two weeks free
          </Link>{' '}
          <Link to={paths.contact} className="button button--secondary">
            Ask a question
          </Link>
        </p>
      </section>
    </div>
  );
}
