import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { AdminApi } from '../api/admin-api';
import { CodesPanel } from './codes-panel';
import { ContactsPanel } from './contacts-panel';
import { UsersPanel } from './users-panel';
import '../../../components/ui/form.css';
import './admin.css';

export const ADMIN_SECTIONS = [
  { id: 'contacts', label: 'Contact messages' },
  { id: 'users', label: 'Users' },
  { id: 'codes', label: 'Registration codes' },
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number]['id'];

function sectionOf(value: string | null): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.id === value)?.id ?? 'contacts';
}

/**
 * The admin console: contact messages, users and registration codes, one section at a time
 * (`?section=`, so each has its own address and the back button works).
 */
export function AdminConsole({ api, selfId }: { readonly api: AdminApi; readonly selfId: string }) {
  const [params] = useSearchParams();
  const section = sectionOf(params.get('section'));
  return (
    <div className="container page admin">
      <div className="page__header">
        <p className="page__eyebrow">Admin</p>
        <h1>Admin console</h1>
      </div>
      <nav className="admin-sections" aria-label="Admin sections">
        <ul>
          {ADMIN_SECTIONS.map(({ id, label }) => (
            <li key={id}>
              <Link to={`${paths.admin}?section=${id}`} aria-current={id === section ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {section === 'contacts' ? (
        <ContactsPanel api={api} />
      ) : section === 'users' ? (
        <UsersPanel api={api} selfId={selfId} />
      ) : (
        <CodesPanel api={api} />
      )}
    </div>
  );
}
