import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import './account.css';

const PLAN_TIERS = ['Starter', 'Professional', 'Enterprise'] as const;

/** Subscribe (guarded): the plan tiers. The subscription issue adds prices and checkout. */
export default function SubscribePage() {
  useDocumentTitle('Subscribe');
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Plans</p>
        <h1>Choose a plan</h1>
        <p className="page__lead">Every plan: two weeks free, monthly billing, one-time setup fee.</p>
      </div>
      <ul className="plan-list">
        {PLAN_TIERS.map((tier) => (
          <li key={tier} className="card">
            <h2>{tier}</h2>
            <p>Two weeks free, monthly billing, one-time setup fee.</p>
          </li>
        ))}
      </ul>
      <p>
        To start a plan or compare them on your own roles, <Link to={paths.contact}>contact us</Link>.
      </p>
    </div>
  );
}
