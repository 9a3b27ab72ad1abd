import { transformSync } from 'esbuild';
import * as vm from 'node:vm';
import { isResolverSignal, RESOLVER_HOST_GLOBAL, type AuthMode, type ResolverSignal } from './host-bridge';
import { LocalResolverHost, type InvocationState } from './resolver-host';

/** How long one request or response handler may run; AppSync also stops runaway code. */
export const HANDLER_TIMEOUT_MS = 2000;

/** What a handler call ended with. */
export type HandlerOutcome =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'signal'; readonly signal: ResolverSignal }
  | { readonly kind: 'crash'; readonly error: Error };

export interface HandlerCall {
  readonly outcome: HandlerOutcome;
  readonly state: InvocationState;
}

/** A loaded resolver: its two handlers, each run inside the resolver's own context. */
export interface ResolverModule {
  readonly name: string;
  call(handler: 'request' | 'response', ctx: unknown, authMode: AuthMode): HandlerCall;
}

const MODULE_GLOBAL = '__resolverModule';
const CALL_GLOBAL = '__resolverCall';

/** AppSync serialises what handlers return; so do we (it also leaves the vm's realm). */
function jsonCopy(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Evaluates a resolver bundle (an ES module, as AppSync gets it, with `@aws-appsync/utils`
 * aliased to the local shim) in a fresh `vm` context: no `require`, `process`, timers or
 * `eval`, a console prefixed with the resolver's name, and a time limit per handler call.
 */
export function loadResolverModule(name: string, esmBundle: string): ResolverModule {
  const script = transformSync(esmBundle, {
    format: 'iife',
    globalName: MODULE_GLOBAL,
    target: 'es2020',
    sourcemap: false,
    logLevel: 'silent',
  });
  const host = new LocalResolverHost();
  const prefix = `[appsync ${name}]`;
  const sandbox: Record<string, unknown> = {
    console: {
      log: (...args: unknown[]) => console.log(prefix, ...args),
      info: (...args: unknown[]) => console.info(prefix, ...args),
      warn: (...args: unknown[]) => console.warn(prefix, ...args),
      error: (...args: unknown[]) => console.error(prefix, ...args),
      debug: (...args: unknown[]) => console.debug(prefix, ...args),
    },
    [RESOLVER_HOST_GLOBAL]: host,
  };
  const context = vm.createContext(sandbox, { name: `resolver ${name}`, codeGeneration: { strings: false, wasm: false } });
  new vm.Script(script.code, { filename: `${name}.js` }).runInContext(context, { timeout: HANDLER_TIMEOUT_MS });
  const exported = sandbox[MODULE_GLOBAL] as Record<string, unknown> | undefined;
  for (const handler of ['request', 'response']) {
    if (typeof exported?.[handler] !== 'function') {
      throw new Error(`Resolver ${name} does not export a "${handler}" function.`);
    }
  }
  const invoke = new vm.Script(`${MODULE_GLOBAL}[${CALL_GLOBAL}.handler](${CALL_GLOBAL}.ctx)`, { filename: `${name}.call.js` });

  return {
    name,
    call(handler, ctx, authMode) {
      sandbox[CALL_GLOBAL] = { handler, ctx };
      host.begin(authMode);
      let outcome: HandlerOutcome;
      try {
        outcome = { kind: 'value', value: jsonCopy(invoke.runInContext(context, { timeout: HANDLER_TIMEOUT_MS })) };
      } catch (thrown) {
        if (isResolverSignal(thrown)) {
          outcome = { kind: 'signal', signal: jsonCopy(thrown) as ResolverSignal };
        } else {
          const error =
            thrown instanceof Error || (typeof thrown === 'object' && thrown !== null && 'message' in thrown)
              ? (thrown as Error)
              : new Error(String(thrown));
          outcome = { kind: 'crash', error };
        }
      } finally {
        delete sandbox[CALL_GLOBAL];
      }
      return { outcome, state: host.end() };
    },
  };
}
