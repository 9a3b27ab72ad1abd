import { Link } from 'react-router-dom';
import type { User } from '@contracts/user';
import { paths } from '../../../config/paths';
import './profile.css';

const STATUS_LABELS: Readonly<Record<string, string>> = { ACTIVE: 'Active', REMOVED: 'Removed' };

/** "Member since" date, e.g. "March 4, 2024" (the record's `createdAt`). */
export function formatMemberSince(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? createdAt : new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
}

/** The user's profile as stored: name, contact details, company, role, status, member since. */
export function ProfileDetails({ user }: { readonly user: User }) {
  const rows: readonly [string, string][] = [
    ['First name', user.firstName || 'Not given'],
    ['Last name', user.lastName || 'Not given'],
    ['Email', user.email],
    ['Phone number', user.phoneNumber || 'Not given'],
    ['Company', user.companyName],
    ['Role', user.profileRole || 'Not set'],
    ['Status', user.status ? (STATUS_LABELS[user.status] ?? user.status) : 'Active'],
    ['Member since', formatMemberSince(user.createdAt)],
  ];
  return (
    <div className="profile">
      <dl className="profile__list">
        {rows.map(([term, value]) => (
          <div className="profile__row" key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="profile__actions">
        <Link to={paths.editProfile} className="button button--primary">
          Edit profile
        </Link>
        <Link to={paths.changePassword} className="button button--secondary">
          Change your password
        </Link>
      </div>
    </div>
  );
}
