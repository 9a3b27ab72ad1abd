import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { load as loadYaml } from 'js-yaml';
import { writeFileAtomic } from '../../../local/files';

/**
 * Recurly's own description of API v2021-02-25, the OpenAPI 3.0 document the `recurly` package
 * ships (node_modules/recurly/openapi/api.yaml), as a checker for the fake Recurly: every answer
 * the fake server gives and every request body the adapter sends is checked against the schema of
 * its operation, so the fake cannot drift from Recurly's documented shapes unnoticed.
 *
 * The checker covers what the document uses: `$ref`, `allOf`, `type`, `properties`, `items`,
 * `enum`, `format` (date-time, date, email, float, decimal), `pattern`, `maxLength`, `minimum`,
 * `maximum`, `minItems`, `maxItems` and `required`. Three readings, all deliberate:
 * - an error answer is `{"error": <Error>}`: the document's error schemas (`Error`,
 *   `ErrorMayHaveTransaction`) describe the object inside, as the official client reads it
 *   (BaseClient.js `_errorFromResponse`: `JSON.parse(body).error`);
 * - `pattern` is written as a JavaScript literal (`/^[a-z0-9_+-]+$/`) and read as one;
 * - a property may be `null`: Recurly answers null for every unset field (the examples in the
 *   document do too), though no schema says `nullable`;
 * - a property no schema of the object names is a violation: a fake that invents a field is not
 *   faithful, even though the document leaves `additionalProperties` open. One exception, see
 *   {@link SENT_BEYOND_THE_DOCUMENT}.
 */

/**
 * Properties Recurly sends that the schemas do not name (still valid OpenAPI, which leaves
 * `additionalProperties` open): each parameter error's `message` beside its `param` ("is
 * invalid"), which the official client passes on as `ApiError.params` and the adapter shows on
 * the field (recurly-errors.ts `fieldsOf`); and the 406 answer's `acceptable_accept_headers`,
 * which the document's own introduction shows ("Unsupported Versions").
 */
const SENT_BEYOND_THE_DOCUMENT: readonly { readonly at: RegExp; readonly property: string }[] = [
  { at: /\.error\.params\[\d+\]$/, property: 'message' },
  { at: / 406\.error$/, property: 'acceptable_accept_headers' },
];

interface Schema {
  readonly $ref?: string;
  readonly allOf?: readonly Schema[];
  readonly type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly pattern?: string;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly required?: readonly string[];
}

interface MediaTypes {
  readonly content?: Readonly<Record<string, { readonly schema?: Schema }>>;
}

interface Operation {
  readonly operationId: string;
  readonly requestBody?: MediaTypes;
  readonly responses: Readonly<Record<string, MediaTypes>>;
}

interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, Schema>> };
}

/** The document's path, found through the installed package. */
export const RECURLY_OPENAPI_PATH = join(dirname(require.resolve('recurly/package.json')), 'openapi', 'api.yaml');

let loaded: { readonly document: OpenApiDocument; readonly routes: readonly Route[] } | undefined;

interface Route {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly literalLength: number;
  readonly operation: Operation;
}

/**
 * Loads the document now (once per test file), so the first checked answer is not held up past
 * the client's time-out.
 */
export function loadRecurlyOpenApi(): void {
  openApi();
}

function openApi(): { readonly document: OpenApiDocument; readonly routes: readonly Route[] } {
  if (loaded) return loaded;
  const document = readDocument();
  const routes = Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      typeof operation === 'object' && operation !== null && 'responses' in operation
        ? [
            {
              method: method.toUpperCase(),
              template,
              pattern: new RegExp(
                `^${template
                  .split(/\{[^}]+\}/)
                  .map(escapeRegExp)
                  .join('[^/]+')}$`,
              ),
              literalLength: template.replace(/\{[^}]+\}/g, '').length,
              operation,
            },
          ]
        : [],
    ),
  );
  loaded = { document, routes };
  return loaded;
}

/** Where the parsed document is kept as JSON for the next test files, by the YAML's and js-yaml's hash. */
const PARSED_DOCUMENT_DIR = join(tmpdir(), 'talentpilot-recurly-openapi');

/**
 * The document, parsed. js-yaml takes 0.2-0.5 CPU-s for its 1.6 MB in each of the eight test files
 * that start the fake; JSON.parse of the same document about a hundredth of that. The JSON is kept
 * only when it gives back exactly what js-yaml read (no dates or other YAML-only values), and its
 * name is the hash of the YAML and the js-yaml version, so another document or parser reads afresh.
 */
function readDocument(): OpenApiDocument {
  const yaml = readFileSync(RECURLY_OPENAPI_PATH, 'utf8');
  const parser = (JSON.parse(readFileSync(require.resolve('js-yaml/package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256').update(`js-yaml@${parser}\0`).update(yaml).digest('hex');
  const file = join(PARSED_DOCUMENT_DIR, `${key}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  } catch {
    // Not kept yet, or unreadable: parse the YAML.
  }
  const document = loadYaml(yaml) as OpenApiDocument;
  const json = JSON.stringify(document);
  if (isDeepStrictEqual(JSON.parse(json), document)) writeFileAtomic(file, json);
  return document;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The documented operation of a request (the most specific path template that matches). */
export function recurlyOperation(method: string, path: string): (Operation & { readonly template: string }) | undefined {
  const matches = openApi().routes.filter((route) => route.method === method && route.pattern.test(path));
  const best = matches.sort((a, b) => b.literalLength - a.literalLength)[0];
  return best && { ...best.operation, template: best.template };
}

/**
 * What is wrong with an answer of the fake, by the documented response of its operation for this
 * status (or the operation's `default`); empty when it is as documented. Only JSON answers are
 * checked (a PDF is bytes).
 */
export function answerViolations(method: string, path: string, status: number, body: unknown): string[] {
  const operation = recurlyOperation(method, path);
  if (!operation) return [`${method} ${path}: no such operation in api.yaml`];
  const response = operation.responses[String(status)] ?? operation.responses.default;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) return [`${method} ${path} ${status}: api.yaml documents no JSON answer for ${operation.operationId}`];
  const where = `${operation.operationId} ${status}`;
  if (status < 400) return schemaViolations(schema, body, where);
  const envelope = typeOf(body) === 'object' ? (body as Record<string, unknown>) : {};
  const extra = Object.keys(envelope).filter((key) => key !== 'error');
  return [
    ...(typeOf(envelope.error) === 'object'
      ? schemaViolations(schema, envelope.error, `${where}.error`)
      : [`${where}: an error answer is {"error": {...}}`]),
    ...extra.map((key) => `${where}.${key}: not part of an error answer`),
  ];
}

/** What is wrong with a request body, by the documented request body of its operation. */
export function requestViolations(method: string, path: string, body: unknown): string[] {
  const operation = recurlyOperation(method, path);
  if (!operation) return [`${method} ${path}: no such operation in api.yaml`];
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) return body === undefined ? [] : [`${method} ${path}: api.yaml documents no request body for ${operation.operationId}`];
  return schemaViolations(schema, body ?? {}, `${operation.operationId} request`);
}

/** What is wrong with a value by a schema of the document (`#/components/schemas/<name>` or inline). */
export function schemaViolations(schema: Schema | string, value: unknown, where: string): string[] {
  const violations: string[] = [];
  const start = typeof schema === 'string' ? { $ref: `#/components/schemas/${schema}` } : schema;
  check(start, value, where, violations);
  return violations;
}

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = openApi().document.components.schemas[name];
  if (!target) throw new Error(`api.yaml has no schema ${schema.$ref}`);
  return resolve(target);
}

/** The schema and everything it is made of through `allOf`. */
function parts(schema: Schema): Schema[] {
  const resolved = resolve(schema);
  return [resolved, ...(resolved.allOf ?? []).flatMap(parts)];
}

const FORMATS: Readonly<Record<string, RegExp>> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  email: /^[^@\s]+@[^@\s]+$/,
};

/** A pattern of the document: a JavaScript literal (`/.../flags`) or a bare expression. */
function patternOf(pattern: string): RegExp {
  const literal = /^\/(.*)\/([a-z]*)$/.exec(pattern);
  return literal ? new RegExp(literal[1], literal[2]) : new RegExp(pattern);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function check(schema: Schema, value: unknown, at: string, violations: string[]): void {
  const all = parts(schema);
  const type = all.find((part) => part.type)?.type ?? (all.some((part) => part.properties) ? 'object' : undefined);
  const actual = typeOf(value);
  if (type && actual !== type && !(type === 'number' && actual === 'integer')) {
    violations.push(`${at}: ${actual} where api.yaml has ${type}`);
    return;
  }
  for (const part of all) {
    if (part.enum && !part.enum.includes(value)) violations.push(`${at}: ${JSON.stringify(value)} is not one of ${part.enum.join(', ')}`);
    if (typeof value === 'string') {
      const format = part.format && FORMATS[part.format];
      if (format && !format.test(value)) violations.push(`${at}: ${JSON.stringify(value)} is not a ${part.format}`);
      if (part.pattern && !patternOf(part.pattern).test(value))
        violations.push(`${at}: ${JSON.stringify(value)} does not match ${part.pattern}`);
      if (part.maxLength !== undefined && value.length > part.maxLength) violations.push(`${at}: longer than ${part.maxLength} characters`);
    }
    if (typeof value === 'number') {
      if (part.minimum !== undefined && value < part.minimum) violations.push(`${at}: ${value} is below ${part.minimum}`);
      if (part.maximum !== undefined && value > part.maximum) violations.push(`${at}: ${value} is above ${part.maximum}`);
    }
    if (Array.isArray(value)) {
      if (part.minItems !== undefined && value.length < part.minItems) violations.push(`${at}: fewer than ${part.minItems} items`);
      if (part.maxItems !== undefined && value.length > part.maxItems) violations.push(`${at}: more than ${part.maxItems} items`);
    }
  }
  if (Array.isArray(value)) {
    const items = all.find((part) => part.items)?.items;
    if (items) value.forEach((item, index) => check(items, item, `${at}[${index}]`, violations));
    return;
  }
  if (actual !== 'object') return;
  const record = value as Record<string, unknown>;
  const properties = all.filter((part) => part.properties);
  if (properties.length === 0) return;
  for (const name of all.flatMap((part) => part.required ?? [])) {
    if (record[name] === undefined || record[name] === null) violations.push(`${at}.${name}: required by api.yaml, missing`);
  }
  for (const [name, propertyValue] of Object.entries(record)) {
    const schemas = properties.flatMap((part) => (part.properties?.[name] ? [part.properties[name]] : []));
    if (schemas.length === 0) {
      if (!SENT_BEYOND_THE_DOCUMENT.some((allowed) => allowed.property === name && allowed.at.test(at)))
        violations.push(`${at}.${name}: not a documented property`);
      continue;
    }
    if (propertyValue === null) continue;
    for (const propertySchema of schemas) check(propertySchema, propertyValue, `${at}.${name}`, violations);
  }
}
