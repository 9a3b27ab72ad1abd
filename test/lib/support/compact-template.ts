import * as crypto from 'node:crypto';
import { TYPE_RULES } from './compact-template-rules';

/**
 * A compact, readable view of CloudFormation resources, for snapshots a reviewer can read:
 *
 *     DataUsersTable  AWS::DynamoDB::Table  [Delete]
 *       BillingMode: PAY_PER_REQUEST
 *       KeySchema: [{AttributeName: id, KeyType: HASH}]
 *     RestApiGetPlansFunctionRoleDefaultPolicy  AWS::IAM::Policy
 *       PolicyDocument:
 *         Allow secretsmanager:GetSecretValue on arn:{AWS::Partition}:secretsmanager:…
 *
 * One heading per resource (logical id without CDK's hash suffix, a title where the type has one,
 * type, deletion policy), then one line per property: nested objects as dotted paths unless short,
 * references as `{Name}` and `{Name.Attribute}`, IAM statements as
 * `Effect [principal P] service:Action,Action on resources [if Operator key=value]`. Some types say
 * their key properties in a summary line (compact-template-rules.ts). Resources that read the same
 * are listed under one body. What changes without a change to the code (asset hashes, the API
 * key's expiry) is masked by `maskTemplate` first.
 */

export interface CompactResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly Condition?: string;
  readonly [attribute: string]: unknown;
}

export interface CompactTemplate {
  readonly Resources: Readonly<Record<string, CompactResource>>;
  readonly [section: string]: unknown;
}

/** Renders a value inline with the template's short names. */
export type Render = (value: unknown) => string;

/** Asset hashes (S3 keys of Lambda code, layers, deployments): they change with CDK and bundling. */
const ASSET_HASH = /\b[0-9a-f]{64}\b/g;
export const MASKED_ASSET_HASH = '<asset-hash>';
/** The AppSync API key's `Expires`: synth time + its validity, so different on every synth. */
export const MASKED_EXPIRY = '<synth time + validity>';
/** Bundled resolver and AppSync function code belongs to graphql/ and is tested there. */
export const MASKED_RESOLVER_CODE = '<bundled resolver code>';

/** A copy of the template with asset hashes and deploy-time values masked. */
export function maskTemplate<T extends CompactTemplate>(template: T): T {
  const masked = JSON.parse(JSON.stringify(template).replace(ASSET_HASH, MASKED_ASSET_HASH)) as T;
  for (const resource of Object.values(masked.Resources)) {
    const properties = resource.Properties;
    if (resource.Type === 'AWS::AppSync::ApiKey' && properties && 'Expires' in properties) properties.Expires = MASKED_EXPIRY;
    const appSyncCode = resource.Type === 'AWS::AppSync::Resolver' || resource.Type === 'AWS::AppSync::FunctionConfiguration';
    if (appSyncCode && properties && 'Code' in properties) properties.Code = MASKED_RESOLVER_CODE;
  }
  return masked;
}

/** Properties left out everywhere: tags are tested on their own (monitoring.test.ts, cost tags). */
const OMITTED_EVERYWHERE = ['Tags', 'UserPoolTags', 'IdentityPoolTags'];
/** Maps shown one entry per line even when short (and so their parents), so that a diff names the entry. */
const ALWAYS_SPREAD = new Set(['Variables', 'ContentSecurityPolicy']);
/** Strings longer than this are summarized (length and digest): a change still shows, the line stays short. */
const LONG_STRING = 200;
/** Values whose inline form is longer than this are spread over one line per part. */
const INLINE_WIDTH = 100;

/**
 * Logical ids without the hash CDK appends (`DataUsersTableA308CF66` → `DataUsersTable`; a REST API
 * deployment's id also ends in 32 hex digits of the API's hash), unless two would read the same.
 */
export function shortNames(template: CompactTemplate): Map<string, string> {
  const ids = ['Resources', 'Outputs', 'Parameters', 'Conditions'].flatMap((section) => Object.keys((template[section] as object) ?? {}));
  const short = (id: string) => id.replace(/(?<=.)[0-9A-F]{8}([0-9a-f]{32})?$/, '');
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(short(id), (counts.get(short(id)) ?? 0) + 1);
  return new Map(ids.map((id) => [id, counts.get(short(id)) === 1 ? short(id) : id]));
}

function isIntrinsic(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::'));
}

/**
 * The inline form of a value: references as `{Name}`/`{Name.Attribute}`, joins and subs flattened,
 * objects as `{key: value}`, strings over LONG_STRING characters summarized unless `whole`.
 */
export function compactValue(value: unknown, names: ReadonlyMap<string, string> = new Map(), whole = false): string {
  const inline = (item: unknown): string => compactValue(item, names);
  if (typeof value === 'string') {
    if (whole || (value.length <= LONG_STRING && !value.includes('\n'))) return value === '' ? '""' : value;
    return `<${value.length} characters, sha256 ${crypto.createHash('sha256').update(value).digest('hex').slice(0, 12)}>`;
  }
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (isIntrinsic(value)) {
    const [[key, argument]] = entries;
    if (key === 'Ref') return `{${names.get(String(argument)) ?? String(argument)}}`;
    if (key === 'Fn::GetAtt') {
      const [id, attribute] = argument as [string, string];
      return `{${names.get(id) ?? id}.${attribute}}`;
    }
    if (key === 'Fn::Join') {
      const [delimiter, parts] = argument as [string, unknown[]];
      return compactValue(parts.map((part) => (typeof part === 'string' ? part : inline(part))).join(delimiter), names, whole);
    }
    if (key === 'Fn::Sub' && typeof argument === 'string') return compactValue(argument.replace(/\$\{([^}]+)\}/g, '{$1}'), names, whole);
    return `${key.slice('Fn::'.length)}(${[argument].flat().map(inline).join(', ')})`;
  }
  return `{${entries
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, item]) => `${key}: ${inline(item)}`)
    .join(', ')}}`;
}

interface Statement {
  readonly Effect: string;
  readonly Principal?: unknown;
  readonly NotPrincipal?: unknown;
  readonly Action?: unknown;
  readonly NotAction?: unknown;
  readonly Resource?: unknown;
  readonly NotResource?: unknown;
  readonly Condition?: Record<string, Record<string, unknown>>;
}

/** Sorted actions, those of one service together: `dynamodb:GetItem,Query sqs:SendMessage`. */
function actionList(actions: readonly string[]): string {
  const byService = new Map<string, string[]>();
  for (const action of [...actions].sort()) {
    const [service, name] = action.includes(':')
      ? [action.slice(0, action.indexOf(':')), action.slice(action.indexOf(':') + 1)]
      : ['', action];
    byService.set(service, [...(byService.get(service) ?? []), name]);
  }
  return [...byService].map(([service, names]) => (service ? `${service}:${names.join(',')}` : names.join(','))).join(' ');
}

/** One IAM statement: `Allow [principal P] s3:GetObject,PutObject on r1, r2 [if Operator key=value]`. */
export function statementLine(statement: Statement, names: ReadonlyMap<string, string> = new Map()): string {
  const list = (value: unknown) =>
    [value]
      .flat()
      .map((item) => compactValue(item, names))
      .sort();
  const parts = [statement.Effect];
  if (statement.Principal !== undefined) parts.push(`principal ${compactValue(statement.Principal, names)}`);
  if (statement.NotPrincipal !== undefined) parts.push(`principal not ${compactValue(statement.NotPrincipal, names)}`);
  parts.push(statement.NotAction === undefined ? actionList(list(statement.Action)) : `not ${actionList(list(statement.NotAction))}`);
  if (statement.Resource !== undefined) parts.push(`on ${list(statement.Resource).join(', ')}`);
  if (statement.NotResource !== undefined) parts.push(`not on ${list(statement.NotResource).join(', ')}`);
  if (statement.Condition) {
    const conditions = Object.entries(statement.Condition).flatMap(([operator, tests]) =>
      Object.entries(tests).map(([key, expected]) => `${operator} ${key}=${compactValue(expected, names)}`),
    );
    parts.push(`if ${conditions.join('; ')}`);
  }
  return parts.join(' ');
}

function isPolicyDocument(value: unknown): value is { Statement: Statement[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { Statement?: unknown }).Statement);
}

/** One line per property; objects too long to read inline become dotted paths, arrays indexed ones. */
function propertyLines(key: string, value: unknown, names: ReadonlyMap<string, string>): string[] {
  if (isPolicyDocument(value)) return [`${key}:`, ...value.Statement.map((statement) => `  ${statementLine(statement, names)}`)];
  const last = key.slice(key.lastIndexOf('.') + 1);
  const plainObject = value !== null && typeof value === 'object' && !isIntrinsic(value);
  // A content security policy reads directive by directive.
  if (last === 'ContentSecurityPolicy' && !plainObject) {
    return [
      `${key}:`,
      ...compactValue(value, names, true)
        .split(/;\s*/)
        .map((directive) => `  ${directive}`),
    ];
  }
  const inline = compactValue(value, names);
  const keys = plainObject ? Object.keys(value) : [];
  const spread =
    keys.length > 0 && (inline.length > INLINE_WIDTH || ALWAYS_SPREAD.has(last) || keys.some((child) => ALWAYS_SPREAD.has(child)));
  if (!spread) return [`${key}: ${inline}`];
  if (Array.isArray(value)) return value.flatMap((item, index) => propertyLines(`${key}[${index}]`, item, names));
  return Object.entries(value as Record<string, unknown>)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([child, item]) => propertyLines(`${key}.${child}`, item, names));
}

/** A deep copy without the properties at these dotted paths (and without objects left empty). */
function withoutPaths(properties: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(properties)) as Record<string, unknown>;
  for (const dotted of paths) {
    const keys = dotted.split('.');
    const parent = keys.slice(0, -1).reduce<Record<string, unknown> | undefined>((node, key) => node?.[key] as never, copy);
    if (parent) delete parent[keys[keys.length - 1]];
  }
  for (const [key, value] of Object.entries(copy)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) delete copy[key];
  }
  return copy;
}

/**
 * The compact view of the resources with these logical ids (all by default), in template order.
 * Pass the masked template (`maskTemplate`) for a snapshot.
 */
export function compactView(template: CompactTemplate, logicalIds: Iterable<string> = Object.keys(template.Resources)): string {
  const names = shortNames(template);
  const render: Render = (value) => compactValue(value, names);
  const wanted = new Set(logicalIds);
  const blocks = new Map<string, { type: string; retention: string; members: string[]; body: string[] }>();
  for (const [id, resource] of Object.entries(template.Resources)) {
    const rules = TYPE_RULES[resource.Type] ?? {};
    if (!wanted.has(id) || rules.hidden) continue;
    const properties = resource.Properties ?? {};
    const body = [
      ...(resource.Condition ? [`(only if ${resource.Condition})`] : []),
      ...(rules.summary?.(properties, render) ?? []),
      ...Object.entries(withoutPaths(properties, [...OMITTED_EVERYWHERE, ...(rules.omit ?? [])]))
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([key, value]) => propertyLines(key, value, names)),
    ];
    const replace = resource.UpdateReplacePolicy;
    const retention = [resource.DeletionPolicy, replace && replace !== resource.DeletionPolicy ? `replace: ${replace}` : undefined]
      .filter(Boolean)
      .join(', ');
    const title = rules.title?.(properties, render, template);
    const member = [names.get(id) ?? id, title].filter(Boolean).join('  ');
    const key = JSON.stringify([resource.Type, retention, body]);
    const block = blocks.get(key);
    if (block) block.members.push(member);
    else blocks.set(key, { type: resource.Type, retention, members: [member], body });
  }
  const lines = [...blocks.values()].flatMap(({ type, retention, members, body }) => {
    const suffix = retention ? `  [${retention}]` : '';
    const heading =
      members.length === 1
        ? [`${members[0]}  ${type}${suffix}`]
        : [`${type} ×${members.length}${suffix}`, ...members.map((member) => `- ${member}`)];
    return [...heading, ...body.map((line) => `  ${line}`)];
  });
  return `${lines.join('\n')}\n`;
}
