import type { AppSyncErrorDetails, AuthMode } from './host-bridge';
import { DataSourceError, InvalidRequestError, type DataSource } from './dynamodb-data-source';
import type { HandlerCall, ResolverModule } from './resolver-module';

/**
 * Runs one APPSYNC_JS resolver the way AppSync does. A unit resolver: request handler, data
 * source, response handler, with `util.error` / `util.unauthorized` / `runtime.earlyReturn`
 * ending the run early, data-source failures handed to the response handler as `ctx.error`, and
 * `util.appendError` errors reported next to the field's value. A pipeline resolver: its request
 * handler, then each function like a unit resolver (each one's result is the next one's
 * `ctx.prev.result`, `ctx.stash` is shared), then its response handler with the last result
 * (https://docs.aws.amazon.com/appsync/latest/devguide/runtime-utils-js.html for earlyReturn).
 */

/** The `ctx` both handlers receive; `result` and `error` are filled between them. */
export interface ResolverContext {
  arguments: Record<string, unknown>;
  args: Record<string, unknown>;
  identity: Record<string, unknown> | null;
  source: Record<string, unknown> | null;
  stash: Record<string, unknown>;
  prev: { result: unknown };
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

/** An AppSync function: code over one data source, one step of a pipeline resolver. */
export interface PipelineFunction {
  readonly module: ResolverModule;
  readonly dataSource: DataSource;
}

export interface PipelineResolver {
  readonly typeName: string;
  readonly fieldName: string;
  /** The resolver's own code, around the functions. */
  readonly module: ResolverModule;
  readonly functions: readonly PipelineFunction[];
}

export type LocalResolver = UnitResolver | PipelineResolver;

/** AppSync's message for util.unauthorized() and for fields the caller may not read. */
export function notAuthorizedError(typeName: string, fieldName: string): AppSyncErrorDetails {
  return { errorType: 'Unauthorized', message: `Not Authorized to access ${fieldName} on type ${typeName}`, data: null, errorInfo: null };
}

/** `early`: the handler ended with runtime.earlyReturn (its value is `run.data`). */
type Step = { readonly done: true; readonly run: ResolverRun; readonly early?: true } | { readonly done: false; readonly value: unknown };

type FieldOf = Pick<UnitResolver, 'typeName' | 'fieldName' | 'module'>;

function settle(resolver: FieldOf, call: HandlerCall, appended: AppSyncErrorDetails[]): Step {
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
      return { done: true, run: { data: signal.value, appendedErrors: appended }, early: true };
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

/** Request handler, data source, response handler of one unit resolver or one function. */
async function runOverDataSource(
  field: Pick<UnitResolver, 'typeName' | 'fieldName'>,
  step: PipelineFunction,
  ctx: ResolverContext,
  authMode: AuthMode,
  appended: AppSyncErrorDetails[],
): Promise<Step> {
  const named: FieldOf = { ...field, module: step.module };
  const requested = settle(named, step.module.call('request', ctx, authMode), appended);
  if (requested.done) return requested;

  try {
    ctx.result = await step.dataSource(requested.value);
  } catch (error) {
    if (error instanceof DataSourceError) {
      ctx.error = { message: error.message, type: error.type };
      ctx.result = null;
    } else if (error instanceof InvalidRequestError) {
      const invalid = { errorType: 'MappingTemplate', message: error.message, data: null, errorInfo: null };
      return { done: true, run: { data: null, error: invalid, appendedErrors: appended } };
    } else {
      throw error;
    }
  }
  return settle(named, step.module.call('response', ctx, authMode), appended);
}

export async function runUnitResolver(resolver: UnitResolver, ctx: ResolverContext, authMode: AuthMode): Promise<ResolverRun> {
  const appended: AppSyncErrorDetails[] = [];
  const step = await runOverDataSource(resolver, resolver, ctx, authMode, appended);
  return step.done ? step.run : { data: step.value, appendedErrors: appended };
}

export async function runPipelineResolver(resolver: PipelineResolver, ctx: ResolverContext, authMode: AuthMode): Promise<ResolverRun> {
  const appended: AppSyncErrorDetails[] = [];
  const before = settle(resolver, resolver.module.call('request', ctx, authMode), appended);
  if (before.done && !before.early) return before.run;
  ctx.prev = { result: before.done ? before.run.data : before.value };
  // earlyReturn in the resolver's request handler skips every function.
  for (const fn of before.done ? [] : resolver.functions) {
    delete ctx.result;
    delete ctx.error;
    const step = await runOverDataSource(resolver, fn, ctx, authMode, appended);
    // An error ends the whole resolver; an earlyReturn only this function.
    if (step.done && !step.early) return step.run;
    ctx.prev = { result: step.done ? step.run.data : step.value };
  }
  delete ctx.error;
  ctx.result = ctx.prev.result;
  const after = settle(resolver, resolver.module.call('response', ctx, authMode), appended);
  if (after.done) return after.run;
  return { data: after.value, appendedErrors: appended };
}

/** Runs a unit or a pipeline resolver. */
export function runResolver(resolver: LocalResolver, ctx: ResolverContext, authMode: AuthMode): Promise<ResolverRun> {
  return 'functions' in resolver ? runPipelineResolver(resolver, ctx, authMode) : runUnitResolver(resolver, ctx, authMode);
}
