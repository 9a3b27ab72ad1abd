import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { InviteUserRequestInput } from '@contracts/admin';
import type { AdminUserSummary } from '@contracts/admin-console';
import { BETA_CUSTOMER_GROUPS } from '@shared-domain/groups';
import { PLAN_NAMES, tierOfAnyPlanCode } from '@shared-domain/plan-entitlements';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldFrame, SubmitButton } from '../../../components/ui/form-field';
import { BetaGroupField } from './beta-group-field';
import { formatWhen } from '../../../lib/format-when';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { RestApiError } from '../../../lib/rest-client';
import { adminKeys, adminQueries } from '../admin-queries';
import type { AdminApi } from '../api/admin-api';
import { Empty, LoadError, LoadMore, loadedRows, SearchForm } from './console-parts';

/** "Professional, active until 1 Dec 2026", or that there is none. */
export function subscriptionText(subscription: AdminUserSummary['subscription']): string {
  if (!subscription) return 'No subscription';
  const tier = tierOfAnyPlanCode(subscription.planCode);
  const plan = tier ? PLAN_NAMES[tier] : subscription.planCode;
  const until = subscription.currentPeriodEndsAt ? ` until ${formatWhen(subscription.currentPeriodEndsAt)}` : '';
  return `${plan}, ${subscription.state}${subscription.state === 'active' || subscription.state === 'canceled' ? until : ''}`;
}

function fullName(user: AdminUserSummary): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

type InviteField = 'email' | 'firstName' | 'lastName' | 'companyName' | 'group';
const EMPTY_INVITE: Record<InviteField, string> = {
  email: '',
  firstName: '',
  lastName: '',
  companyName: '',
  group: BETA_CUSTOMER_GROUPS[0],
};
const INVITE_LABELS: Readonly<Record<Exclude<InviteField, 'group'>, string>> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company',
};

/** Invites a person to a beta group; the server's rules decide, its per-field messages show inline. */
function InviteForm({ api }: { readonly api: AdminApi }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY_INVITE);
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});
  const mutation = useMutation({
    mutationFn: (request: InviteUserRequestInput) => api.inviteUser(request),
    onSuccess: (_answer, request) => {
      notifySuccess(`${request.email} is invited: they get an e-mail with a temporary password.`);
      setValues(EMPTY_INVITE);
      return queryClient.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: (error) => {
      if (error instanceof RestApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else notifyError(error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      (Object.keys(INVITE_LABELS) as (keyof typeof INVITE_LABELS)[])
        .filter((field) => values[field].trim() === '')
        .map((field) => [field, `Please give the ${INVITE_LABELS[field].toLowerCase()}.`]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    mutation.mutate({ ...values, group: values.group as InviteUserRequestInput['group'] });
  };
  const set = (field: InviteField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  return (
    <form className="form admin-form" onSubmit={submit} noValidate aria-labelledby="admin-invite">
      <h3 id="admin-invite">Invite a person</h3>
      <div className="admin-form__grid">
        {(Object.keys(INVITE_LABELS) as (keyof typeof INVITE_LABELS)[]).map((field) => (
          <FieldFrame key={field} label={INVITE_LABELS[field]} error={errors[field]}>
            {(control) => (
              <input
                {...control}
                name={field}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete="off"
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
              />
            )}
          </FieldFrame>
        ))}
        <BetaGroupField value={values.group} error={errors.group} onChange={(group) => set('group', group)} />
      </div>
      <SubmitButton busy={mutation.isPending} busyLabel="Inviting…">
        Invite
      </SubmitButton>
    </form>
  );
}

function UserCard({ user, self, onRemove }: { readonly user: AdminUserSummary; readonly self: boolean; readonly onRemove: () => void }) {
  const headingId = useId();
  const removed = user.status === 'REMOVED';
  return (
    <article className="card admin-item" aria-labelledby={headingId}>
      <header className="admin-item__header">
        <h3 id={headingId}>{fullName(user)}</h3>
        <span className={`admin-badge admin-badge--${removed ? 'done' : 'open'}`}>{removed ? 'Removed' : 'Active'}</span>
      </header>
      <dl className="admin-facts">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Company</dt>
        <dd>{user.companyName}</dd>
        <dt>Subscription</dt>
        <dd>{subscriptionText(user.subscription)}</dd>
        <dt>Joined</dt>
        <dd>{formatWhen(user.createdAt)}</dd>
      </dl>
      {removed || self ? null : (
        <button type="button" className="button button--secondary" onClick={onRemove}>
          Remove<span className="visually-hidden"> {fullName(user)}</span>
        </button>
      )}
    </article>
  );
}

/** Users: search, invite, remove, and each person's subscription state. */
export function UsersPanel({ api, selfId }: { readonly api: AdminApi; readonly selfId: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<AdminUserSummary | null>(null);
  const query = useInfiniteQuery(adminQueries.users(api, { search: search || undefined }));
  const rows = loadedRows(query.data);
  const removal = useMutation({
    mutationFn: (user: AdminUserSummary) => api.removeUser(user.email),
    onSuccess: (_answer, user) => {
      notifySuccess(`${user.email} is removed: they can no longer sign in.`);
      setRemoving(null);
      return queryClient.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: (error) => {
      setRemoving(null);
      notifyError(error);
    },
  });
  return (
    <section aria-labelledby="admin-users">
      <h2 id="admin-users">Users</h2>
      <InviteForm api={api} />
      <div className="admin-toolbar">
        <SearchForm label="Search by name, email or company" initial={search} onSearch={setSearch} />
      </div>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <p role="status">Loading users…</p>
      ) : rows.length === 0 && !query.hasNextPage ? (
        <Empty>{search ? `Nobody matches “${search}”.` : 'No users yet.'}</Empty>
      ) : (
        <>
          <div className="admin-list">
            {rows.map((user) => (
              <UserCard key={user.id} user={user} self={user.id === selfId} onRemove={() => setRemoving(user)} />
            ))}
          </div>
          <LoadMore shown={rows.length} noun={['user', 'users']} list={query} />
        </>
      )}
      {removing ? (
        <ConfirmDialog
          title={`Remove ${fullName(removing)}?`}
          confirmLabel="Remove"
          busyLabel="Removing…"
          cancelLabel="Keep"
          busy={removal.isPending}
          onConfirm={() => removal.mutate(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{removing.email} can no longer sign in. Their record and subscriptions are kept; they can be invited again later.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
