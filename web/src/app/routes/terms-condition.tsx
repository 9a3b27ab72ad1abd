import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { LegalPage } from '../../components/layout/legal-page';

/** Terms and Conditions for using the service. */
export default function TermsConditionPage() {
  const { productName } = useRuntimeConfig();
  return (
    <LegalPage
      title="Terms and Conditions"
      lead={<>The terms on which {productName} provides its AI recruiting assistant to recruiters and staffing firms.</>}
    >
      <h2>1. The agreement</h2>
      <p>
        These terms form an agreement between {productName} and the business that subscribes (“customer”). By creating an account or using
        the service on a customer’s behalf, you confirm you may bind that customer to these terms.
      </p>

      <h2>2. Accounts and invitations</h2>
      <p>
        During the beta, accounts are created by invitation or with a registration code we issue. Users sign in with their work email and a
        password of at least eight characters. Keep credentials confidential; the customer is responsible for activity under its users’
        accounts.
      </p>

      <h2>3. Trial, billing and cancellation</h2>
      <ul>
        <li>Each plan starts with a free trial of two weeks.</li>
        <li>After the trial, the subscription renews monthly and is billed in advance each month.</li>
        <li>A one-time setup fee, shown before you subscribe, covers connecting your ATS and configuring the assistant.</li>
        <li>
          You may change plan or cancel at any time. Cancellation takes effect at the end of the current period, and you keep access until
          then.
        </li>
        <li>Fees are exclusive of taxes, which are added where required.</li>
      </ul>

      <h2>4. Your ATS and your data</h2>
      <p>
        You provide a read-only key to your ATS and confirm you are allowed to share the data it exposes with us for the purposes of the
        service. You own your data and the content the service produces for you. We process candidate data only on your instructions, as
        described in our <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>

      <h2>5. Using AI output responsibly</h2>
      <p>
        The assistant drafts, ranks and predicts; it does not make hiring decisions. You will review its output before relying on it, use it
        in line with employment, anti-discrimination and data protection law, and give candidates any notices that law requires.
      </p>

      <h2>6. Acceptable use</h2>
      <ul>
        <li>No unlawful, discriminatory or deceptive use, including screening on protected characteristics.</li>
        <li>No attempts to access other customers’ data, probe or disrupt the service, or bypass its limits.</li>
        <li>No resale or sharing of accounts outside your organisation without our written agreement.</li>
      </ul>

      <h2>7. Availability and changes</h2>
      <p>
        We work to keep the service available and secure, and we may improve or change features. Features marked pending in a release are
        plans, not commitments. We will give notice before removing a feature you pay for.
      </p>

      <h2>8. Confidentiality and intellectual property</h2>
      <p>
        Each party keeps the other’s confidential information confidential. We keep all rights in the service and its software; you keep all
        rights in your data.
      </p>

      <h2>9. Warranties and liability</h2>
      <p>
        The service is provided with reasonable skill and care but without other warranties, including that AI output is complete or
        error-free. To the extent the law allows, each party’s total liability is limited to the fees paid in the twelve months before the
        claim, and neither party is liable for indirect or consequential loss.
      </p>

      <h2>10. Suspension and termination</h2>
      <p>
        We may suspend access for unpaid fees or for use that breaches these terms, after notice where practical. On termination we delete
        ATS data we have read as described in the Privacy Policy.
      </p>

      <h2>11. Changes to these terms and contact</h2>
      <p>
        We may update these terms and will tell customers about material changes before they apply. Questions: use our{' '}
        <Link to={paths.contact}>contact form</Link>.
      </p>
    </LegalPage>
  );
}
