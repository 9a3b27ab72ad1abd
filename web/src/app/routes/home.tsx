import { Link } from 'react-router-dom';
import { CAPABILITIES } from '../../config/capabilities';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import './home.css';

const PLAN_TIERS = [
  { name: 'Starter', audience: 'For an independent recruiter or a two-person desk getting started with AI.' },
  { name: 'Professional', audience: 'For agency teams running several open requisitions every week.' },
  { name: 'Enterprise', audience: 'For staffing firms with multiple desks, ATS instances and compliance reviews.' },
] as const;

const PLAN_TERMS = ['Two weeks free', 'Monthly billing', 'One-time setup fee'] as const;

/** Home: what the product does, the nine capabilities, read-only ATS access and the trial. */
export default function HomePage() {
  useDocumentTitle('Home');
  const { productName } = useRuntimeConfig();
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="page__eyebrow">AI recruiting assistant</p>
            <h1 id="home-title">Fill roles faster with an assistant that reads your ATS and never writes to it.</h1>
            <p className="hero__lead">
              {productName} turns a job description into sourcing strings, screening questions and a client-ready shortlist, so your
              recruiters spend their day with candidates and clients instead of copy-pasting between tabs.
            </p>
            <div className="hero__actions">
              <Link to={paths.contact} className="button button--primary">
                Book a walkthrough
              </Link>
              <Link to={paths.products} className="button button--secondary">
                Compare releases
              </Link>
            </div>
            <ul className="hero__facts">
              <li>Two weeks free</li>
              <li>Monthly billing</li>
              <li>Read-only ATS access</li>
            </ul>
          </div>
          <figure className="hero__sample" aria-label="Example: sourcing search terms for a job">
            <figcaption className="hero__sample-title">
              <span className="hero__sample-tag">Sourcing terms</span>
              Senior Payroll Specialist · Austin, TX (hybrid)
            </figcaption>
            <code className="hero__sample-code">
              (&quot;payroll specialist&quot; OR &quot;payroll analyst&quot; OR &quot;payroll administrator&quot;) AND (ADP OR Workday OR
              &quot;UKG Pro&quot;) AND (&quot;multi-state&quot; OR &quot;multistate&quot;) NOT intern
            </code>
            <ul className="hero__sample-chips">
              <li>Must-have: CPP certification</li>
              <li>Must-have: 3 days on site</li>
              <li>Client name removed from ad</li>
            </ul>
          </figure>
        </div>
      </section>

      <section className="section" aria-labelledby="capabilities-title">
        <div className="container">
          <div className="section__header">
            <h2 id="capabilities-title">Nine capabilities, one assistant for the whole desk</h2>
            <p>
              From the first search string to the placement forecast, every step works from the job, the client’s must-haves and your own
              history — and shows its reasoning.
            </p>
          </div>
          <ol className="capability-grid">
            {CAPABILITIES.map((capability, index) => (
              <li key={capability.id} className="capability card">
                <span className="capability__number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <h3>{capability.title}</h3>
                <p>{capability.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="ats-title">
        <div className="container split">
          <div>
            <h2 id="ats-title">Read-only by design</h2>
            <p>
              Your applicant tracking system stays the system of record. {productName} connects with a read-only API key, reads the jobs,
              candidates and placement history it needs, and writes nothing back.
            </p>
          </div>
          <ul className="checklist">
            <li>No status changes, notes or emails are ever created in your ATS.</li>
            <li>Revoke the key at any time and the connection stops immediately.</li>
            <li>Candidate data is used only to answer your team’s requests, never to train models for other customers.</li>
            <li>Every suggestion shows its reasoning; a recruiter makes every decision.</li>
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="trial-title">
        <div className="container">
          <div className="section__header">
            <h2 id="trial-title">Start with two weeks free</h2>
            <p>
              Every plan begins with a two-week free trial, then bills monthly. A one-time setup fee covers connecting your ATS and tuning
              the assistant to your desk. Cancel before the trial ends and you pay no monthly fee.
            </p>
          </div>
          <ul className="plan-grid">
            {PLAN_TIERS.map((plan) => (
              <li key={plan.name} className="plan card">
                <h3>{plan.name}</h3>
                <p>{plan.audience}</p>
                <ul className="plan__terms">
                  {PLAN_TERMS.map((term) => (
                    <li key={term}>{term}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <div className="cta card">
            <div>
              <h3>Access is by invitation during the beta</h3>
              <p>Tell us about your desk and we will send your team a registration code and a setup quote.</p>
            </div>
            <Link to={paths.contact} className="button button--primary">
              Request an invitation
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
