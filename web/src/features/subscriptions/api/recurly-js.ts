/**
 * Recurly.js v4, loaded from Recurly's CDN when a card form needs it (never in the entry bundle,
 * never on the local runtime). Only the calls the card form makes are typed: `configure`,
 * `Elements().CardElement()`, `attach` / `remove`, `token(elements, form, done)`, and
 * `Risk().ThreeDSecure({ actionTokenId })` for the 3-D Secure challenge. Recurly
 * recommends against self-hosting the script (it follows their API deployments).
 */

export const RECURLY_JS_URL = 'https://js.recurly.com/v4/recurly.js';

/** What `recurly.token` reports when the card cannot be tokenized (e.g. a validation error). */
export interface RecurlyTokenError {
  readonly name?: string;
  readonly code?: string;
  readonly message?: string;
  /** The fields that failed validation (`number`, `month`, `year`, `cvv`, `first_name`, …). */
  readonly fields?: readonly string[];
}

export interface RecurlyToken {
  readonly id: string;
  readonly type?: string;
}

/** One Element (an iframe Recurly renders into a container of ours). */
export interface RecurlyElement {
  attach(container: HTMLElement | string): unknown;
  remove?(): unknown;
  on?(event: 'change' | 'focus' | 'blur' | 'ready', handler: (state?: unknown) => void): unknown;
}

/** A group of Elements, tokenized together. */
export interface RecurlyElements {
  CardElement(options?: { readonly style?: Readonly<Record<string, unknown>> }): RecurlyElement;
}

/**
 * Recurly.js's 3-D Secure component (Recurly's "3D Secure" Recurly.js page,
 * https://docs.recurly.com/recurly-subscriptions/docs/3d-secure): made with the API's
 * `three_d_secure_action_token_id`, attached to a container of ours (about 250 × 400 px) where it
 * shows the bank's challenge; `token` gives the `three_d_secure_action_result` token, `error` a failure.
 */
export interface RecurlyThreeDSecure {
  on(event: 'token', handler: (token: RecurlyToken) => void): unknown;
  on(event: 'error', handler: (error: RecurlyTokenError) => void): unknown;
  attach(container: HTMLElement): void;
  remove?(): void;
}

export interface RecurlyRisk {
  ThreeDSecure(options: { readonly actionTokenId: string }): RecurlyThreeDSecure;
}

/** The global `recurly` object the script defines. */
export interface RecurlyJs {
  configure(options: string | { readonly publicKey: string }): void;
  Elements(): RecurlyElements;
  Risk(): RecurlyRisk;
  /**
   * Tokenizes the Elements' card with the billing fields the form marks with `data-recurly`
   * (`first_name`, `last_name` are required).
   */
  token(elements: RecurlyElements, form: HTMLFormElement, done: (error: RecurlyTokenError | null, token: RecurlyToken) => void): void;
}

type WindowWithRecurly = Window & { recurly?: RecurlyJs };

let loading: Promise<RecurlyJs> | undefined;
/** The public key each `recurly` object was configured with. */
const configuredWith = new WeakMap<RecurlyJs, string>();

function recurlyOf(doc: Document): RecurlyJs | undefined {
  return (doc.defaultView as WindowWithRecurly | null)?.recurly;
}

function injectScript(doc: Document): Promise<RecurlyJs> {
  return new Promise<RecurlyJs>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = RECURLY_JS_URL;
    script.async = true;
    script.onload = () => {
      const recurly = recurlyOf(doc);
      if (recurly) resolve(recurly);
      else reject(new Error('Recurly.js loaded but defined no `recurly`.'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Recurly.js could not be loaded from ${RECURLY_JS_URL}.`));
    };
    doc.head.appendChild(script);
  });
}

/**
 * Loads Recurly.js once and configures it with the site's public key. A failed load is retried
 * on the next call (a flaky connection should not need a page reload).
 */
export async function loadRecurlyJs(publicKey: string, doc: Document = document): Promise<RecurlyJs> {
  const recurly =
    recurlyOf(doc) ??
    (await (loading ??= injectScript(doc).catch((error: unknown) => {
      loading = undefined;
      throw error;
    })));
  if (configuredWith.get(recurly) !== publicKey) {
    recurly.configure({ publicKey });
    configuredWith.set(recurly, publicKey);
  }
  return recurly;
}

/** Wraps `recurly.token` in a promise of the token id. */
export function tokenizeWithRecurly(recurly: RecurlyJs, elements: RecurlyElements, form: HTMLFormElement): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    recurly.token(elements, form, (error, token) => {
      if (error) reject(Object.assign(new Error(error.message ?? 'Recurly.js could not tokenize the card.'), { recurly: error }));
      else resolve(token.id);
    });
  });
}
