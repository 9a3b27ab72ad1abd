import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { LegalPage } from '../../components/layout/legal-page';

/** Privacy Policy: how the service handles account, candidate and website data. */
export default function PrivacyPolicyPage() {
  const { productName } = useRuntimeConfig();
  return (
    <LegalPage
      title="Privacy Policy"
      lead={
        <>
          How {productName} collects, uses and protects personal data — yours, your team’s, and the candidates in your applicant tracking
          system.
        </>
      }
    >
      <h2>Who we are and our role</h2>
      <p>
        {productName} provides an AI recruiting assistant to recruiters and staffing firms (“customers”). For the account and contact
        details you give us, and for visits to this website, we are the controller. For the candidate and job data we read from a customer’s
        applicant tracking system (ATS), the customer is the controller and we act as its processor, under the customer’s instructions and
        our data processing terms.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> name, work email, phone number, company name and role of each user, and sign-in records.
        </li>
        <li>
          <strong>Subscription data:</strong> plan, trial and billing dates, and the billing contact. Card details are entered into and held
          by our payment processor; they never reach our servers.
        </li>
        <li>
          <strong>ATS data (read-only):</strong> job requisitions, client requirements, candidate profiles, résumés, interview notes and
          placement history that the customer’s ATS key allows us to read.
        </li>
        <li>
          <strong>Content you create:</strong> job descriptions you paste, client must-haves, screening questions, evaluations and summaries
          produced for your team.
        </li>
        <li>
          <strong>Contact messages:</strong> the name, email, optional phone number and message you send through our contact form.
        </li>
        <li>
          <strong>Website usage:</strong> where analytics is enabled, page views and basic device information collected by Google Analytics.
        </li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>
          To provide the service: generate search terms, job ads, screening questions, evaluations, recommendations, summaries and placement
          predictions for the customer who requested them.
        </li>
        <li>To run accounts and subscriptions, including trials, monthly billing and the one-time setup fee.</li>
        <li>To answer contact messages and support requests.</li>
        <li>To secure the service, prevent abuse and meet legal obligations.</li>
        <li>To improve the product using aggregated, de-identified usage measures.</li>
      </ul>
      <p>
        We do not sell personal data. We do not use one customer’s candidate data to serve another customer, and we do not use it to train
        models offered to others.
      </p>

      <h2>Read-only ATS access</h2>
      <p>
        We connect to an ATS only with a key the customer provides, and only with read permissions. We never create, change or delete
        records in the ATS and never contact candidates on the customer’s behalf. Revoking the key ends our access immediately.
      </p>

      <h2>Automated assistance and human decisions</h2>
      <p>
        Evaluations, recommendations and predictions are aids for recruiters. They are based on job-related criteria, show their reasoning,
        and do not use protected characteristics as inputs. Customers remain responsible for hiring decisions and for any notices their
        local law requires when AI tools support recruitment.
      </p>

      <h2>Service providers</h2>
      <p>We share personal data only with providers that help us run the service, under written agreements:</p>
      <ul>
        <li>Amazon Web Services — hosting, storage and sign-in, in the United States.</li>
        <li>Recurly — subscriptions and payments.</li>
        <li>Google — website analytics, where enabled.</li>
      </ul>

      <h2>Retention</h2>
      <p>
        We keep account and subscription data while the account is active and as long as tax and accounting law requires afterwards. ATS
        data we have read is deleted within 30 days of a customer’s request or the end of their subscription. Contact messages are kept for
        up to two years.
      </p>

      <h2>Security</h2>
      <p>
        Data is encrypted in transit and at rest. Access is limited to staff who need it to operate the service, and is logged. Backups are
        encrypted and kept for a limited period.
      </p>

      <h2>Your rights</h2>
      <p>
        Depending on where you live, you may ask to access, correct, delete or export your personal data, or object to its use. Candidates
        whose data comes from a customer’s ATS should contact that customer first; we will help them respond. You may also complain to your
        data protection authority.
      </p>

      <h2>Cookies and local storage</h2>
      <p>
        The site stores what is needed to keep you signed in. Where analytics is enabled, Google Analytics sets cookies to count page views;
        without it, no analytics request is made.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We will post changes on this page and, for material changes, tell customers by email before they take effect. Questions or requests:
        use our <Link to={paths.contact}>contact form</Link>.
      </p>
    </LegalPage>
  );
}
