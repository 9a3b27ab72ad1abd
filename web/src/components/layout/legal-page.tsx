import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface LegalPageProps {
  /** Page heading and document title. */
  readonly title: string;
  /** One-sentence summary under the heading. */
  readonly lead: ReactNode;
  readonly children: ReactNode;
}

/** The frame shared by the legal pages (Privacy Policy, Terms and Conditions). */
export function LegalPage({ title, lead, children }: LegalPageProps) {
  useDocumentTitle(title);
  return (
    <div className="container page">
      <article className="prose">
        <div className="page__header">
          <p className="page__eyebrow">Legal</p>
          <h1>{title}</h1>
          <p className="page__lead">{lead}</p>
        </div>
        {children}
      </article>
    </div>
  );
}
