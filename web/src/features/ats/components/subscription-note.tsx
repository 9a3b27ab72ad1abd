import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** What a user without a live subscription sees instead of the ATS controls (the server would answer 403). */
export function SubscriptionNote({ children = 'Connecting your ATS is part of every plan.' }: { readonly children?: string }) {
  return (
    <p className="ats-note">
      {children} <Link to={paths.subscribe}>See the plans</Link> to start your two weeks free.
    </p>
  );
}
