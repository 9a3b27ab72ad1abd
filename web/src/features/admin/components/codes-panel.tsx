import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminRegistrationCode } from '@contracts/admin-console';
import { BETA_CUSTOMER_GROUPS } from '@shared-domain/groups';
import { FieldFrame, SubmitButton } from '../../../components/ui/form-field';
import { BetaGroupField } from './beta-group-field';
import { formatWhen } from '../../../lib/format-when';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { RestApiError } from '../../../lib/rest-client';
import { adminKeys, adminQueries } from '../admin-queries';
import type { AdminApi } from '../api/admin-api';
import { Empty, LoadError, LoadMore, loadedRows } from './console-parts';

const STANDING_LABELS: Readonly<Record<AdminRegistrationCode['standing'], string>> = {
  admits_sign_ups: 'Admits sign-ups',
  used_up: 'Used up',
  expired: 'Expired',
};

/** "3 of 25 used" (or "3 used, no limit"). */
export function usesText(code: Pick<AdminRegistrationCode, 'uses' | 'maxUses'>): string {
  return code.maxUses === undefined ? `${code.uses} used, no limit` : `${code.uses} of ${code.maxUses} used`;
}

type CodeField = 'group' | 'maxUses' | 'expiresOn';

/** The last instant of a chosen day (UTC), so a code made to expire "on" a day admits sign-ups all that day. */
function endOfDay(date: string): string {
  return `${date}T23:59:59Z`;
}

function CreateCodeForm({ api, defaults }: { readonly api: AdminApi; readonly defaults: { maxUses: number; validDays: number } }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<CodeField, string>>({ group: BETA_CUSTOMER_GROUPS[0], maxUses: '', expiresOn: '' });
  const [errors, setErrors] = useState<Partial<Record<CodeField, string>>>({});
  const mutation = useMutation({
    mutationFn: (request: Parameters<AdminApi['createRegistrationCode']>[0]) => api.createRegistrationCode(request),
    onSuccess: ({ code }) => {
      notifySuccess(`New code ${code.code} for ${code.group}: ${usesText(code)}, expires ${formatWhen(code.expiresAt ?? '')}.`);
      setValues((current) => ({ ...current, maxUses: '', expiresOn: '' }));
      return queryClient.invalidateQueries({ queryKey: adminKeys.codes });
    },
    onError: (error) => {
      if (error instanceof RestApiError && Object.keys(error.fields).length > 0)
        setErrors({ group: error.fields.group, maxUses: error.fields.maxUses, expiresOn: error.fields.expiresAt });
      else notifyError(error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const maxUses = values.maxUses.trim();
    if (maxUses !== '' && !/^[1-9]\d*$/.test(maxUses)) {
      setErrors({ maxUses: 'The use limit must be a whole number, at least 1.' });
      return;
    }
    setErrors({});
    mutation.mutate({
      group: values.group as AdminRegistrationCode['group'],
      ...(maxUses ? { maxUses: Number(maxUses) } : {}),
      ...(values.expiresOn ? { expiresAt: endOfDay(values.expiresOn) } : {}),
    });
  };
  const set = (field: CodeField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  return (
    <form className="form admin-form" onSubmit={submit} noValidate aria-labelledby="admin-new-code">
      <h3 id="admin-new-code">New registration code</h3>
      <p className="admin-form__note">The code itself is generated at random, so nobody can guess it.</p>
      <div className="admin-form__grid">
        <BetaGroupField value={values.group} error={errors.group} onChange={(group) => set('group', group)} />
        <FieldFrame label="Use limit" optional hint={`Empty: ${defaults.maxUses} sign-ups.`} error={errors.maxUses}>
          {(control) => (
            <input
              {...control}
              name="maxUses"
              inputMode="numeric"
              value={values.maxUses}
              onChange={(event) => set('maxUses', event.target.value)}
            />
          )}
        </FieldFrame>
        <FieldFrame label="Expires on" optional hint={`Empty: ${defaults.validDays} days from now.`} error={errors.expiresOn}>
          {(control) => (
            <input
              {...control}
              name="expiresOn"
              type="date"
              value={values.expiresOn}
              onChange={(event) => set('expiresOn', event.target.value)}
            />
          )}
        </FieldFrame>
      </div>
      <SubmitButton busy={mutation.isPending} busyLabel="Creating…">
        Create code
      </SubmitButton>
    </form>
  );
}

function CodeCard({ code, api }: { readonly code: AdminRegistrationCode; readonly api: AdminApi }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const expire = useMutation({
    mutationFn: () => api.expireRegistrationCode({ code: code.code }),
    onSuccess: () => {
      notifySuccess(`${code.code} has expired: nobody can sign up with it any more.`);
      return queryClient.invalidateQueries({ queryKey: adminKeys.codes });
    },
    onError: (error) => notifyError(error),
  });
  const expired = code.standing === 'expired';
  return (
    <article className="card admin-item" aria-labelledby={headingId}>
      <header className="admin-item__header">
        <h3 id={headingId} className="admin-code">
          {code.code}
        </h3>
        <span className={`admin-badge admin-badge--${code.standing === 'admits_sign_ups' ? 'open' : 'done'}`}>
          {STANDING_LABELS[code.standing]}
        </span>
      </header>
      <dl className="admin-facts">
        <dt>Group</dt>
        <dd>{code.group}</dd>
        <dt>Uses</dt>
        <dd>{usesText(code)}</dd>
        <dt>{expired ? 'Expired' : 'Expires'}</dt>
        <dd>{code.expiresAt ? formatWhen(code.expiresAt) : 'Never'}</dd>
      </dl>
      {expired ? null : (
        <button type="button" className="button button--secondary" disabled={expire.isPending} onClick={() => expire.mutate()}>
          Expire now<span className="visually-hidden"> ({code.code})</span>
        </button>
      )}
    </article>
  );
}

/** Registration codes: created with the safe defaults, their uses, expired on demand, a page at a time. */
export function CodesPanel({ api }: { readonly api: AdminApi }) {
  const query = useInfiniteQuery(adminQueries.codes(api));
  const rows = loadedRows(query.data);
  return (
    <section aria-labelledby="admin-codes">
      <h2 id="admin-codes">Registration codes</h2>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <p role="status">Loading codes…</p>
      ) : (
        <>
          <CreateCodeForm api={api} defaults={query.data.pages[0].defaults} />
          {rows.length === 0 && !query.hasNextPage ? (
            <Empty>No registration codes yet.</Empty>
          ) : (
            <>
              <div className="admin-list">
                {rows.map((code) => (
                  <CodeCard key={code.code} code={code} api={api} />
                ))}
              </div>
              <LoadMore shown={rows.length} noun={['code', 'codes']} list={query} />
            </>
          )}
        </>
      )}
    </section>
  );
}
