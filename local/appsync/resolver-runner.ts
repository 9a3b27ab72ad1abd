import type { AppSyncErrorDetails, AuthMode } from './host-bridge';
import { DataSourceError, InvalidRequestError, type DataSource } from './dynamodb-data-source';
import type { HandlerCall, ResolverModule } from './resolver-module';

/**
 * Runs one APPSYNC_JS unit resolver the way AppSync does: request handler, data source, response
 * handler, with `util.error` / `util.unauthorized` / `runtime.earlyReturn` ending the run early,
 * data-source failures handed to the response handler as `ctx.error`, and `util.appendError`
 * errors reported next to the field's value.
 */

/** The `ctx` both handlers receive; `result` and `error` are filled between them. */
export interface ResolverContext {
  arguments: Record<string, unknown>;
  args: Record<string, unknown>;
  identity: Record<string, unknown> | null;
  source: Record<string, unknown> | null;
  stash: Record<string, unknown>;
  prev: { result: Record<string, unknown> };
  request: { headers: Record<string, string>; domainName: string | null };
  info: {
    fieldName: string;
    parentTypeName: string;
    variables: Record<string, unknown>;
    selectionSetList: string[];
    selectionSetGraphQL: string;
  };
  result?: unknown;
  error?: { message: string; type: string };
}

export interface ResolverRun {
  /** The field's value (null when the resolver failed). */
  readonly data: unknown;
  /** The error that failed the field, if any. */
  readonly error?: AppSyncErrorDetails;
  /** Errors added with util.appendError. */
  readonly appendedErrors: readonly AppSyncErrorDetails[];
}

export interface UnitResolver {
  readonly typeName: string;
  readonly fieldName: string;
  readonly module: ResolverModule;
  readonly dataSource: DataSource;
}

/** AppSync's message for util.unauthorized() and for fields the caller may not read. */
export function notAuthorizedError(typeName: string, fieldName: string): AppSyncErrorDetails {
  return { errorType: 'Unauthorized', message: `Not Authorized to access ${fieldName} on type ${typeName}`, data: null, errorInfo: null };
}

type Step = { readonly done: true; readonly run: ResolverRun } | { readonly done: false; readonly value: unknown };

function settle(resolver: UnitResolver, call: HandlerCall, appended: AppSyncErrorDetails[]): Step {
  appended.push(...call.state.appendedErrors);
  const { outcome } = call;
  if (outcome.kind === 'value') return { done: false, value: outcome.value };
  if (outcome.kind === 'crash') {
    console.error(`[appsync ${resolver.module.name}] ${outcome.error.stack ?? outcome.error.message}`);
    const error = {
      errorType: 'Code',
      message: `Runtime error in ${resolver.module.name}: ${outcome.error.message}`,
      data: null,
      errorInfo: null,
    };
    return { done: true, run: { data: null, error, appendedErrors: appended } };
  }
  const { signal } = outcome;
  switch (signal.__appsyncLocalSignal) {
    case 'earlyReturn':
      return { done: true, run: { data: signal.value, appendedErrors: appended } };
    case 'unauthorized':
      return {
        done: true,
        run: { data: null, error: notAuthorizedError(resolver.typeName, resolver.fieldName), appendedErrors: appended },
      };
    default: {
      const { message, errorType, data, errorInfo } = signal;
      return { done: true, run: { data: null, error: { message, errorType, data, errorInfo }, appendedErrors: appended } };
    }
  }
}

export async function runUnitResolver(resolver: UnitResolver, ctx: ResolverContext, authMode: AuthMode): Promise<ResolverRun> {
  const appended: AppSyncErrorDetails[] = [];
  const requested = settle(resolver, resolver.module.call('request', ctx, authMode), appended);
  if (requested.done) return requested.run;

  try {
    ctx.result = await resolver.dataSource(requested.value);
  } catch (error) {
    if (error instanceof DataSourceError) {
      ctx.error = { message: error.message, type: error.type };
      ctx.result = null;
    } else if (error instanceof InvalidRequestError) {
      return {
        data: null,
        error: { errorType: 'MappingTemplate', message: error.message, data: null, errorInfo: null },
        appendedErrors: appended,
      };
    } else {
      throw error;
    }
  }

  const responded = settle(resolver, resolver.module.call('response', ctx, authMode), appended);
  return responded.done ? responded.run : { data: responded.value, appendedErrors: appended };
}
