import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import './company.css';

const PRINCIPLES = [
  {
    title: 'Recruiters decide',
    text: 'The assistant drafts, ranks and explains. People make every hiring recommendation, and the reasoning behind each suggestion is there to check.',
  },
  {
    title: 'Read-only by design',
    text: 'We read what we need from your ATS and never write back. Your system of record stays exactly as your team left it.',
  },
  {
    title: 'Candidate data is not our product',
    text: 'We process candidate information only to answer your team’s requests. We do not sell it, and we do not use one customer’s data to serve another.',
  },
  {
    title: 'Fair and explainable',
    text: 'Evaluations work from job-related criteria you can see. Protected characteristics are not inputs, and outputs are reviewed for bias before each release.',
  },
] as const;

/** Company: who builds the product, for whom, and the principles it is built on. */
export default function CompanyPage() {
  useDocumentTitle('Company');
  const { productName } = useRuntimeConfig();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Company</p>
        <h1>Built with recruiters, for recruiters</h1>
        <p className="page__lead">
          {productName} exists because great recruiting is a people business buried under admin. We build an assistant that takes the
          repetitive writing, searching and sorting off a recruiter’s desk, so more of the week goes to conversations with candidates and
          clients.
        </p>
      </div>

      <div className="company-grid">
        <section className="prose" aria-labelledby="who-title">
          <h2 id="who-title">Who we serve</h2>
          <p>
            Independent recruiters, agency teams and staffing firms that place people every week — in finance, technology, healthcare, light
            industrial and professional services. Our customers work from an applicant tracking system and answer to clients with exacting
            briefs.
          </p>
          <h2>How we work</h2>
          <p>
            We release in steps. Beta customers join a release group, use the new tools on live requisitions and tell us what saves them
            time and what does not. Nothing ships to everyone until it has earned its place on a real desk.
          </p>
          <p>
            Our team combines agency recruiting experience with engineering and data science. We run on established cloud infrastructure in
            the United States, encrypt data in transit and at rest, and keep access to customer data to the few people who need it to run
            the service.
          </p>
        </section>

        <section aria-labelledby="principles-title">
          <h2 id="principles-title">What we hold ourselves to</h2>
          <ul className="principles">
            {PRINCIPLES.map((principle) => (
              <li key={principle.title} className="card">
                <h3>{principle.title}</h3>
                <p>{principle.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="card company-cta" aria-labelledby="talk-title">
        <h2 id="talk-title">Talk to us</h2>
        <p>Questions about the product, security reviews, partnerships or joining the beta — we reply within one business day.</p>
        <Link to={paths.contact} className="button button--primary">
          Contact us
        </Link>
      </section>
    </div>
  );
}
