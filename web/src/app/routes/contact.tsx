import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { createContactSubmitter, preloadContactApi } from '../../features/contact/api/create-contact';
import { ContactForm } from '../../features/contact/components/contact-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import './contact.css';

/** Contact: the contact form, stored through AppSync `createContact` with the API key. */
export default function ContactPage() {
  useDocumentTitle('Contact');
  const config = useRuntimeConfig();
  const submit = useMemo(() => createContactSubmitter(config), [config]);
  return (
    <div className="container page contact-page">
      <div className="contact-page__intro">
        <p className="page__eyebrow">Contact</p>
        <h1>Talk to the {config.productName} team</h1>
        <p className="page__lead">
          Want a walkthrough on one of your live roles, a registration code for the beta, or answers for your security review? Send us a
          message.
        </p>
        <h2>What happens next</h2>
        <ol className="contact-page__steps">
          <li>A member of our team reads your message — a person, not a bot.</li>
          <li>We reply within one business day, usually with a few questions about your desk and your ATS.</li>
          <li>If it is a fit, we set up a 30-minute walkthrough using a role you are working on.</li>
        </ol>
        <p className="contact-page__privacy">
          We use your details only to answer your message. See our <Link to={paths.privacyPolicy}>privacy policy</Link> for how we handle
          personal data.
        </p>
      </div>
      <section className="card contact-page__form" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Send us a message</h2>
        <ContactForm submit={submit} onFirstInteraction={() => preloadContactApi(config)} />
      </section>
    </div>
  );
}
