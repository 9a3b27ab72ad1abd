import type { ReactNode } from 'react';
import './auth-card.css';

/** The centred card the sign-in and sign-up pages sit in. */
export function AuthCard({ wide = false, children }: { readonly wide?: boolean; readonly children: ReactNode }) {
  return (
    <div className="container page auth-page">
      <section className={wide ? 'card auth-card auth-card--wide' : 'card auth-card'}>{children}</section>
    </div>
  );
}
