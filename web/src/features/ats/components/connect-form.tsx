import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import {
  joinClientIdAndUserId,
  type AtsConnectionResponse,
  type AtsConnectionView,
  type AtsOption,
  type ConnectAtsRequest,
} from '@contracts/ats';
import { BULLHORN_CALLBACK_PATH, BULLHORN_USERNAME_PATTERN } from '@contracts/ats-bullhorn';
import { FieldFrame, SubmitButton, type ControlProps } from '../../../components/ui/form-field';
import { useRuntimeConfig } from '../../../config/config-context';
import { leavePage } from '../../../lib/leave-page';
import { readableMessage } from '../../../lib/notify';
import { RestApiError } from '../../../lib/rest-client';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { isSubscriptionRequired, type AtsApi } from '../api/ats-api';
import { LIMITS } from '../format';

type Field = 'atsname' | 'apikey1' | 'apikey2' | 'userId' | 'username';
type Keys = Record<'apikey1' | 'apikey2' | 'userId' | 'username', string>;
const NO_KEYS: Keys = { apikey1: '', apikey2: '', userId: '', username: '' };

/** The ATS connected through a sign-in in the browser (its keys go to `startBullhorn`, not `connect`). */
const BROWSER_SIGN_IN_ATS = 'bullhorn';

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
  if (option.atsname === BROWSER_SIGN_IN_ATS) {
    const username = keys.username.trim();
    if (!username) errors.username = 'Please give the Bullhorn API user name.';
    else if (!BULLHORN_USERNAME_PATTERN.test(username))
      errors.username = 'The Bullhorn API user name has no spaces (at most 100 characters).';
  }
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
  onSignIn = leavePage,
}: {
  readonly api: Pick<AtsApi, 'connect' | 'startBullhorn'>;
  readonly options: readonly AtsOption[];
  readonly connection: AtsConnectionView | null;
  readonly headingRef?: Ref<HTMLHeadingElement>;
  readonly onConnected: (data: AtsConnectionResponse) => void;
  readonly onSubscriptionRequired: () => void;
  /** Sends the browser to the ATS's sign-in page (Bullhorn); the page's own navigation by default. */
  readonly onSignIn?: (url: string) => void;
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
  const signIn = option?.atsname === BROWSER_SIGN_IN_ATS;

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

  /** One credential's input: never autofilled or corrected, and typing in it clears its server message. */
  const keyInput = (field: keyof Keys, type: 'text' | 'password', inputMode?: 'numeric') => (control: ControlProps) => (
    <input
      {...control}
      type={type}
      inputMode={inputMode}
      name={field}
      value={keys[field]}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      onChange={(event) => {
        setKeys((before) => ({ ...before, [field]: event.target.value }));
        changed(field);
      }}
    />
  );

  /** A refused connect or sign-in: the server's messages under the fields to fix, the others in the alert. */
  const refused = (thrown: unknown) => {
    console.error(thrown);
    if (isSubscriptionRequired(thrown)) {
      onSubscriptionRequired();
      return;
    }
    const fields = thrown instanceof RestApiError ? thrown.fields : {};
    const shown = Object.keys(fields).filter(
      (name) => name === 'atsname' || name === 'apikey1' || (name === 'apikey2' && option?.secondLabel) || (name === 'username' && signIn),
    );
    setServerFields(Object.fromEntries(shown.map((name) => [name, fields[name]])));
    setProblem({
      message: readableMessage(thrown, 'The connection could not be saved. Please try again.'),
      others: Object.entries(fields)
        .filter(([name]) => !shown.includes(name))
        .map(([, message]) => message),
    });
    focusAfterRefusal.current = shown;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const invalid = (['atsname', 'apikey1', 'userId', 'apikey2', 'username'] as const).filter((field) => errors[field]);
    if (invalid.length > 0) {
      setProblem({ message: FIX_FIELDS_MESSAGE, others: [] });
      focusFirst(invalid);
      return;
    }
    if (inFlight.current || !option) return;
    // An empty key field of the same ATS sends the saved key's mask back: "keep the saved key".
    const keyOrMask = (field: 'apikey1' | 'apikey2') => keys[field].trim() || (keeps(field) ? connection?.[field] : null) || null;
    if (signIn) {
      startSignIn(keyOrMask('apikey1') ?? '', keyOrMask('apikey2') ?? '');
      return;
    }
    const request: ConnectAtsRequest = {
      atsname: option.atsname,
      apikeytype: option.apikeytype,
      apikey1: option.userIdLabel && keys.apikey1.trim() ? joinClientIdAndUserId(keys.apikey1, keys.userId) : (keyOrMask('apikey1') ?? ''),
      apikey2: option.secondLabel ? keyOrMask('apikey2') : null,
    };
    send(
      () => api.connect(request),
      (data) => {
        setKeys(NO_KEYS);
        setAttempted(false);
        onConnected(data);
      },
    );
  };

  /** One request at a time: the form is busy while it runs, and a refusal lands under the fields or in the alert. */
  const send = <T,>(call: () => Promise<T>, done: (data: T) => void) => {
    inFlight.current = true;
    rememberFocus();
    setBusy(true);
    setProblem(null);
    setServerFields({});
    call()
      .then(done)
      .catch(refused)
      .finally(() => {
        inFlight.current = false;
        setBusy(false);
      });
  };

  /** Bullhorn: the server checks the keys and the user name, then the browser goes to Bullhorn to allow us. */
  const startSignIn = (apikey1: string, apikey2: string) => {
    send(
      () =>
        api.startBullhorn({
          apikey1,
          apikey2,
          username: keys.username.trim(),
          redirectUri: `${window.location.origin}${BULLHORN_CALLBACK_PATH}`,
        }),
      ({ authorizeUrl }) => {
        setKeys(NO_KEYS);
        onSignIn(authorizeUrl);
      },
    );
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
              {keyInput('apikey1', 'password')}
            </FieldFrame>
            {option.userIdLabel ? (
              <FieldFrame
                label={option.userIdLabel}
                hint={keeps('apikey1') ? 'Leave it and the client ID empty to keep the saved ones.' : undefined}
                error={errorOf('userId')}
              >
                {keyInput('userId', 'text', 'numeric')}
              </FieldFrame>
            ) : null}
            {option.secondLabel ? (
              <FieldFrame label={option.secondLabel} hint={keyHint('apikey2')} error={errorOf('apikey2')}>
                {keyInput('apikey2', secondIsSecret(option.secondLabel ?? '') ? 'password' : 'text')}
              </FieldFrame>
            ) : null}
            {signIn ? (
              <FieldFrame
                label="Bullhorn API user name"
                hint="The Bullhorn user TalentPilot reads as; Bullhorn finds your data centre from it. You then sign in to Bullhorn to allow TalentPilot."
                error={errorOf('username')}
              >
                {keyInput('username', 'text')}
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
          {signIn ? (
            <SubmitButton busy={busy} busyLabel="Opening Bullhorn…">
              Sign in with Bullhorn
            </SubmitButton>
          ) : (
            <SubmitButton busy={busy} busyLabel="Testing the connection…">
              Test and save
            </SubmitButton>
          )}
        </div>
      </form>
    </section>
  );
}
