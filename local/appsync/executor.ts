import {
  defaultFieldResolver,
  execute,
  GraphQLError,
  isObjectType,
  Kind,
  parse,
  print,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import { isAuthorized, resolverIdentity, type Caller } from './auth';
import type { AppSyncErrorDetails } from './host-bridge';
import { notAuthorizedError, runResolver, type LocalResolver, type ResolverContext } from './resolver-runner';
import type { AppSyncSchema } from './schema';

/**
 * Executes GraphQL operations like AppSync: graphql-js parses, validates and executes; each
 * field is checked against the caller's auth mode and the schema's auth directives; fields with
 * a resolver (unit or pipeline) run it through the local APPSYNC_JS runner; errors take AppSync's shape.
 */

/** A GraphQL error in AppSync's response shape. */
export interface AppSyncGraphqlError {
  path: readonly (string | number)[] | null;
  data?: unknown;
  errorType?: string | null;
  errorInfo?: unknown;
  locations: { line: number; column: number; sourceName: null }[] | null;
  message: string;
}

export interface AppSyncGraphqlResponse {
  data: Record<string, unknown> | null;
  errors?: AppSyncGraphqlError[];
}

export interface OperationRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown> | null;
  readonly operationName?: string | null;
  readonly caller: Caller;
  /** Request headers, lower-case names (`ctx.request.headers`). */
  readonly headers: Record<string, string>;
  readonly sourceIp: string;
}

/** Thrown by field resolvers to fail a field with an AppSync-shaped error. */
class AppSyncFieldError extends Error {
  constructor(readonly details: AppSyncErrorDetails) {
    super(details.message);
  }
}

interface RequestState {
  readonly request: OperationRequest;
  readonly appendedErrors: AppSyncGraphqlError[];
}

function locationsOf(error: GraphQLError): AppSyncGraphqlError['locations'] {
  return error.locations ? error.locations.map(({ line, column }) => ({ line, column, sourceName: null })) : null;
}

function fieldError(details: AppSyncErrorDetails, info: GraphQLResolveInfo): AppSyncGraphqlError {
  const node = info.fieldNodes[0];
  const location = node.loc ? { line: node.loc.startToken.line, column: node.loc.startToken.column, sourceName: null } : undefined;
  return {
    path: pathOf(info),
    data: details.data,
    errorType: details.errorType,
    errorInfo: details.errorInfo,
    locations: location ? [location] : null,
    message: details.message,
  };
}

function pathOf(info: GraphQLResolveInfo): (string | number)[] {
  const path: (string | number)[] = [];
  for (let step: GraphQLResolveInfo['path'] | undefined = info.path; step; step = step.prev) path.unshift(step.key);
  return path;
}

function formatError(error: GraphQLError): AppSyncGraphqlError {
  const original = error.originalError;
  if (original instanceof AppSyncFieldError) {
    const { data, errorType, errorInfo, message } = original.details;
    return { path: error.path ?? null, data, errorType, errorInfo, locations: locationsOf(error), message };
  }
  return { path: error.path ?? null, locations: error.path ? null : locationsOf(error), message: error.message };
}

/** `ctx.info.selectionSetList`: field paths below the resolved field, aliases as AppSync names them. */
function selectionSetList(
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  prefix = '',
  out = new Set<string>(),
): string[] {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.alias?.value ?? selection.name.value;
      if (name.startsWith('__')) continue;
      const path = prefix ? `${prefix}/${name}` : name;
      out.add(path);
      selectionSetList(selection.selectionSet, fragments, path, out);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      selectionSetList(selection.selectionSet, fragments, prefix, out);
    } else {
      selectionSetList(fragments[selection.name.value]?.selectionSet, fragments, prefix, out);
    }
  }
  return [...out];
}

function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

async function resolveWithResolver(
  resolver: LocalResolver,
  source: unknown,
  args: Record<string, unknown>,
  state: RequestState,
  info: GraphQLResolveInfo,
): Promise<unknown> {
  const { request } = state;
  const fieldNode = info.fieldNodes[0];
  const copiedArgs = jsonCopy(args);
  const ctx: ResolverContext = {
    arguments: copiedArgs,
    args: copiedArgs,
    identity: resolverIdentity(request.caller, request.sourceIp),
    source: (source as Record<string, unknown> | null | undefined) ?? null,
    stash: {},
    prev: { result: {} },
    request: { headers: { ...request.headers }, domainName: null },
    info: {
      fieldName: info.fieldName,
      parentTypeName: info.parentType.name,
      variables: jsonCopy(info.variableValues),
      selectionSetList: selectionSetList(fieldNode.selectionSet, info.fragments),
      selectionSetGraphQL: fieldNode.selectionSet ? print(fieldNode.selectionSet) : '',
    },
  };
  const run = await runResolver(resolver, ctx, request.caller.mode);
  for (const appended of run.appendedErrors) state.appendedErrors.push(fieldError(appended, info));
  if (run.error) throw new AppSyncFieldError(run.error);
  return run.data;
}

/** AppSync's answer to a query that does not parse or validate: no data, errors with locations. */
function requestErrors(errors: readonly GraphQLError[], prefix: string): AppSyncGraphqlResponse {
  return {
    data: null,
    errors: errors.map((error) => ({ path: null, locations: locationsOf(error), message: `${prefix}${error.message}` })),
  };
}

export type AppSyncExecutor = (request: OperationRequest) => Promise<AppSyncGraphqlResponse>;

export function createAppSyncExecutor(appSyncSchema: AppSyncSchema, resolvers: readonly LocalResolver[]): AppSyncExecutor {
  const { schema } = appSyncSchema;
  const byField = new Map(resolvers.map((resolver) => [`${resolver.typeName}.${resolver.fieldName}`, resolver]));
  for (const key of byField.keys()) {
    const [typeName, fieldName] = key.split('.');
    const type = schema.getType(typeName);
    if (!isObjectType(type) || !type.getFields()[fieldName]) {
      throw new Error(`Resolver ${key} has no field ${fieldName} on type ${typeName} in the schema.`);
    }
  }

  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const rule = appSyncSchema.authRule(type.name, field.name);
      const resolver = byField.get(`${type.name}.${field.name}`);
      field.resolve = (source, args, state: RequestState, info) => {
        if (!isAuthorized(rule, state.request.caller)) {
          throw new AppSyncFieldError(notAuthorizedError(type.name, field.name));
        }
        return resolver ? resolveWithResolver(resolver, source, args, state, info) : defaultFieldResolver(source, args, state, info);
      };
    }
  }

  return async (request) => {
    let document: DocumentNode;
    try {
      document = parse(request.query);
    } catch (error) {
      if (error instanceof GraphQLError) return requestErrors([error], 'Invalid Syntax : ');
      throw error;
    }
    const validationErrors = validate(schema, document);
    if (validationErrors.length > 0) return requestErrors(validationErrors, 'Validation error: ');

    const state: RequestState = { request, appendedErrors: [] };
    const result = await execute({
      schema,
      document,
      variableValues: request.variables ?? undefined,
      operationName: request.operationName ?? undefined,
      contextValue: state,
    });
    const errors = [...(result.errors ?? []).map(formatError), ...state.appendedErrors];
    const response: AppSyncGraphqlResponse = { data: (result.data as Record<string, unknown> | undefined) ?? null };
    if (errors.length > 0) response.errors = errors;
    return response;
  };
}
