import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import {
  joinClientIdAndUserId,
  type AtsConnectionResponse,
  type AtsConnectionView,
  type AtsOption,
  type ConnectAtsRequest,
} from '@contracts/ats';
import { FieldFrame, SubmitButton } from '../../../components/ui/form-field';
import { useRuntimeConfig } from '../../../config/config-context';
import { readableMessage } from '../../../lib/notify';
import { RestApiError } from '../../../lib/rest-client';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { isSubscriptionRequired, type AtsApi } from '../api/ats-api';
import { LIMITS } from '../format';

type Field = 'atsname' | 'apikey1' | 'apikey2' | 'userId';
type Keys = Record<'apikey1' | 'apikey2' | 'userId', string>;
const NO_KEYS: Keys = { apikey1: '', apikey2: '', userId: '' };
type Problems = Partial<Record<string, string>>;

export const FIX_FIELDS_MESSAGE = 'Please correct the highlighted fields.';

/** A second credential that names an account (Workable's subdomain) is not secret: shown as typed. */
function secondIsSecret(label: string): boolean {
  return !/subdomain|domain|url/i.test(label);
}

/** The first ATS on offer that can be connected. */
function firstAvailable(options: readonly AtsOption[]): string {
  return options.find((option) => option.available)?.atsname ?? '';
}

/** The client rules: the contract's limits, a key unless the saved one is kept. */
function clientErrors(option: AtsOption | undefined, keys: Keys, keeps: (field: 'apikey1' | 'apikey2') => boolean): Problems {
  if (!option) return { atsname: 'Choose the ATS to connect.' };
  if (!option.available) return { atsname: `${option.label} cannot be connected yet: choose another ATS.` };
  const errors: Problems = {};
  const check = (field: 'apikey1' | 'apikey2', label: string) => {
    const value = keys[field].trim();
    if (!value && !keeps(field)) errors[field] = `Please give the ${label}.`;
    else if (value.length > LIMITS.keyMaxChars) errors[field] = `The ${label} has at most ${LIMITS.keyMaxChars} characters.`;
  };
  check('apikey1', option.keyLabel);
  if (option.secondLabel) check('apikey2', option.secondLabel);
  if (option.userIdLabel) {
    // The user ID goes with the client ID: both typed, or both left empty to keep the saved pair.
    const clientId = keys.apikey1.trim();
    const userId = keys.userId.trim();
    if (userId && !/^\d{1,20}$/.test(userId)) errors.userId = `The ${option.userIdLabel} is a number.`;
    else if (clientId && !userId) errors.userId = `Please give the ${option.userIdLabel}.`;
    else if (userId && !clientId) errors.apikey1 = `Please give the ${option.keyLabel} with the ${option.userIdLabel}.`;
    else if (!clientId && !userId && !keeps('apikey1')) errors.userId = `Please give the ${option.userIdLabel}.`;
  }
  return errors;
}

/**
 * Connect an ATS, or change the connection: the ATS (one not available yet is shown, disabled),
 * its key fields labelled as that ATS names them with where to find the key, and "Test and save",
 * which tests the key with a harmless read before the server saves it. The auth style comes from
 * the chosen ATS. Keys are typed into password fields and never shown back: with the same ATS,
 * an empty key field keeps the saved key (the mask is sent back, as the contract says).
 */
export function ConnectForm({
  api,
  options,
  connection,
  headingRef,
  onConnected,
  onSubscriptionRequired,
}: {
  readonly api: Pick<AtsApi, 'connect'>;
  readonly options: readonly AtsOption[];
  readonly connection: AtsConnectionView | null;
  readonly headingRef?: Ref<HTMLHeadingElement>;
  readonly onConnected: (data: AtsConnectionResponse) => void;
  readonly onSubscriptionRequired: () => void;
}) {
  const { productName } = useRuntimeConfig();
  const headingId = useId();
  const [atsname, setAtsname] = useState(() => connection?.atsname ?? firstAvailable(options));
  const [keys, setKeys] = useState<Keys>(NO_KEYS);
  const [attempted, setAttempted] = useState(false);
  const [serverFields, setServerFields] = useState<Problems>({});
  const [problem, setProblem] = useState<{ readonly message: string; readonly others: readonly string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const rememberFocus = useFocusReturn(busy);
  // The fields the server refused, to focus (or the message, when none is on the form) once it shows.
  const focusAfterRefusal = useRef<readonly string[] | null>(null);

  const option = options.find((candidate) => candidate.atsname === atsname);
  const sameAts = connection !== null && connection.atsname === atsname;
  const keeps = (field: 'apikey1' | 'apikey2') => sameAts && (field === 'apikey1' ? connection.apikey1 : connection.apikey2) !== null;
  const errors = clientErrors(option, keys, keeps);
  const errorOf = (field: Field) => (attempted ? errors[field] : undefined) ?? serverFields[field];
  const unavailable = options.filter((candidate) => !candidate.available);

  const focusFirst = (fields: readonly string[]) => {
    const field = fields
      .map((name) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`))
      .find((element): element is HTMLElement => Boolean(element));
    if (field) field.focus();
    else alertRef.current?.focus();
  };

  useEffect(() => {
    const fields = focusAfterRefusal.current;
    focusAfterRefusal.current = null;
    if (fields) focusFirst(fields);
  });

  const changed = (field: Field) =>
    setServerFields((before) => {
      if (!(field in before)) return before;
      const rest = { ...before };
      delete rest[field];
      return rest;
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const invalid = (['atsname', 'apikey1', 'userId', 'apikey2'] as const).filter((field) => errors[field]);
    if (invalid.length > 0) {
      setProblem({ message: FIX_FIELDS_MESSAGE, others: [] });
      focusFirst(invalid);
      return;
    }
    if (inFlight.current || !option) return;
    // An empty key field of the same ATS sends the saved key's mask back: "keep the saved key".
    const keyOrMask = (field: 'apikey1' | 'apikey2') => keys[field].trim() || (keeps(field) ? connection?.[field] : null) || null;
    const request: ConnectAtsRequest = {
      atsname: option.atsname,
      apikeytype: option.apikeytype,
      apikey1: option.userIdLabel && keys.apikey1.trim() ? joinClientIdAndUserId(keys.apikey1, keys.userId) : (keyOrMask('apikey1') ?? ''),
      apikey2: option.secondLabel ? keyOrMask('apikey2') : null,
    };
    inFlight.current = true;
    rememberFocus();
    setBusy(true);
    setProblem(null);
    setServerFields({});
    api
      .connect(request)
      .then((data) => {
        setKeys(NO_KEYS);
        setAttempted(false);
        onConnected(data);
      })
      .catch((thrown: unknown) => {
        console.error(thrown);
        if (isSubscriptionRequired(thrown)) return onSubscriptionRequired();
        const fields = thrown instanceof RestApiError ? thrown.fields : {};
        const shown = Object.keys(fields).filter(
          (name) => name === 'atsname' || name === 'apikey1' || (name === 'apikey2' && option.secondLabel),
        );
        setServerFields(Object.fromEntries(shown.map((name) => [name, fields[name]])));
        setProblem({
          message: readableMessage(thrown, 'The connection could not be saved. Please try again.'),
          others: Object.entries(fields)
            .filter(([name]) => !shown.includes(name))
            .map(([, message]) => message),
        });
        focusAfterRefusal.current = shown;
      })
      .finally(() => {
        inFlight.current = false;
        setBusy(false);
      });
  };

  const keyHint = (field: 'apikey1' | 'apikey2', help?: string) => {
    const saved = field === 'apikey1' ? connection?.apikey1 : connection?.apikey2;
    const keep = keeps(field) && saved ? `Leave it empty to keep the saved one (${saved}).` : '';
    return [help, keep].filter(Boolean).join(' ') || undefined;
  };

  return (
    <section className="ats-block" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="ats-block__heading">
        {connection ? 'Change the connection' : 'Connect your ATS'}
      </h3>
      <p className="ats-block__lead">
        {connection
          ? 'Connect another ATS or enter a new key. The connection is tested before anything is saved.'
          : `Use a read-only key: ${productName} only ever reads jobs, candidates and applications, and never writes to your ATS.`}
      </p>
      <form ref={formRef} className="form" noValidate aria-labelledby={headingId} aria-busy={busy || undefined} onSubmit={onSubmit}>
        <FieldFrame
          label="ATS"
          hint={unavailable.length > 0 ? `${unavailable.map((candidate) => candidate.label).join(', ')}: not available yet.` : undefined}
          error={errorOf('atsname')}
        >
          {(control) => (
            <select
              {...control}
              name="atsname"
              value={atsname}
              onChange={(event) => {
                setAtsname(event.target.value);
                setKeys(NO_KEYS);
                setServerFields({});
                setProblem(null);
                setAttempted(false);
              }}
            >
              {option ? null : <option value="">Choose your ATS</option>}
              {options.map((candidate) => (
                <option key={candidate.atsname} value={candidate.atsname} disabled={!candidate.available}>
                  {candidate.available ? candidate.label : `${candidate.label} (not available yet)`}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        {option?.available ? (
          <>
            <FieldFrame label={option.keyLabel} hint={keyHint('apikey1', option.help)} error={errorOf('apikey1')}>
              {(control) => (
                <input
                  {...control}
                  type="password"
                  name="apikey1"
                  value={keys.apikey1}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  onChange={(event) => {
                    setKeys((before) => ({ ...before, apikey1: event.target.value }));
                    changed('apikey1');
                  }}
                />
              )}
            </FieldFrame>
            {option.userIdLabel ? (
              <FieldFrame
                label={option.userIdLabel}
                hint={keeps('apikey1') ? 'Leave it and the client ID empty to keep the saved ones.' : undefined}
                error={errorOf('userId')}
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="numeric"
                    name="userId"
                    value={keys.userId}
                    autoComplete="off"
                    spellCheck={false}
                    onChange={(event) => {
                      setKeys((before) => ({ ...before, userId: event.target.value }));
                      changed('userId');
                    }}
                  />
                )}
              </FieldFrame>
            ) : null}
            {option.secondLabel ? (
              <FieldFrame label={option.secondLabel} hint={keyHint('apikey2')} error={errorOf('apikey2')}>
                {(control) => (
                  <input
                    {...control}
                    type={secondIsSecret(option.secondLabel ?? '') ? 'password' : 'text'}
                    name="apikey2"
                    value={keys.apikey2}
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    onChange={(event) => {
                      setKeys((before) => ({ ...before, apikey2: event.target.value }));
                      changed('apikey2');
                    }}
                  />
                )}
              </FieldFrame>
            ) : null}
          </>
        ) : null}
        {/* Rendered with its message (an alert is announced as it appears), focused when no field is to blame. */}
        {problem ? (
          <div ref={alertRef} tabIndex={-1} role="alert" className="ats-alert">
            <p>{problem.message}</p>
            {problem.others.length > 0 ? (
              <ul>
                {problem.others.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="form__actions">
          <SubmitButton busy={busy} busyLabel="Testing the connection…">
            Test and save
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
