/**
 * Local implementation of `util.transform.toDynamoDBFilterExpression` and
 * `util.transform.toDynamoDBConditionExpression`: Amplify's filter/condition input objects
 * (`{ name: { eq: 'x' }, and: [...], or: [...], not: {...} }`) to a DynamoDB expression, returned
 * as a JSON string `{ expression, expressionNames, expressionValues }` as AppSync does.
 *
 * Placeholders follow AppSync's documented shape (`#title`, `:title_contains`), with a scope
 * prefix inside and/or/not so that the same field may appear in several branches.
 * Bundled into resolvers with the shim: no imports of npm packages.
 */

/** Converts one plain value to a DynamoDB AttributeValue. */
export type ToAttributeValue = (value: unknown) => unknown;

interface ExpressionParts {
  names: Record<string, string>;
  values: Record<string, unknown>;
  toAttributeValue: ToAttributeValue;
}

const COMPARATORS: Record<string, string> = { eq: '=', ne: '<>', lt: '<', le: '<=', gt: '>', ge: '>=' };

/** Amplify's `ModelAttributeTypes` to DynamoDB's type descriptors. */
const ATTRIBUTE_TYPES: Record<string, string> = {
  binary: 'B',
  binarySet: 'BS',
  bool: 'BOOL',
  boolean: 'BOOL',
  list: 'L',
  map: 'M',
  number: 'N',
  numberSet: 'NS',
  string: 'S',
  stringSet: 'SS',
  _null: 'NULL',
};

function placeholderToken(text: string): string {
  return text.replace(/[^A-Za-z0-9_]/g, '_');
}

function nameFor(field: string, parts: ExpressionParts): string {
  const base = `#${placeholderToken(field)}`;
  let candidate = base;
  let suffix = 1;
  while (parts.names[candidate] !== undefined && parts.names[candidate] !== field) {
    candidate = `${base}_${suffix}`;
    suffix += 1;
  }
  parts.names[candidate] = field;
  return candidate;
}

function valueFor(token: string, value: unknown, parts: ExpressionParts): string {
  const placeholder = `:${placeholderToken(token)}`;
  parts.values[placeholder] = parts.toAttributeValue(value);
  return placeholder;
}

function fail(message: string): never {
  throw new Error(`util.transform: ${message}`);
}

function comparisons(
  subject: string,
  ops: Record<string, unknown>,
  token: string,
  parts: ExpressionParts,
  allowFunctions: boolean,
): string[] {
  const expressions: string[] = [];
  for (const [op, operand] of Object.entries(ops)) {
    if (operand === undefined || operand === null) continue;
    const opToken = `${token}_${op}`;
    if (COMPARATORS[op]) {
      expressions.push(`${subject} ${COMPARATORS[op]} ${valueFor(opToken, operand, parts)}`);
    } else if (op === 'between') {
      if (!Array.isArray(operand) || operand.length !== 2) fail(`"between" on ${token} needs exactly two values`);
      expressions.push(
        `${subject} BETWEEN ${valueFor(`${opToken}_0`, operand[0], parts)} AND ${valueFor(`${opToken}_1`, operand[1], parts)}`,
      );
    } else if (op === 'in') {
      if (!Array.isArray(operand) || operand.length === 0) fail(`"in" on ${token} needs a non-empty list`);
      const placeholders = operand.map((item, index) => valueFor(`${opToken}_${index}`, item, parts));
      expressions.push(`${subject} IN (${placeholders.join(', ')})`);
    } else if (allowFunctions && op === 'beginsWith') {
      expressions.push(`begins_with(${subject}, ${valueFor(opToken, operand, parts)})`);
    } else if (allowFunctions && op === 'contains') {
      expressions.push(`contains(${subject}, ${valueFor(opToken, operand, parts)})`);
    } else if (allowFunctions && op === 'notContains') {
      expressions.push(`NOT contains(${subject}, ${valueFor(opToken, operand, parts)})`);
    } else if (allowFunctions && op === 'attributeExists') {
      expressions.push(operand === true ? `attribute_exists(${subject})` : `attribute_not_exists(${subject})`);
    } else if (allowFunctions && op === 'attributeType') {
      const type = ATTRIBUTE_TYPES[String(operand)];
      if (!type) fail(`unknown attributeType "${String(operand)}" on ${token}`);
      expressions.push(`attribute_type(${subject}, ${valueFor(opToken, type, parts)})`);
    } else if (allowFunctions && op === 'size') {
      if (typeof operand !== 'object') fail(`"size" on ${token} needs comparison operators`);
      expressions.push(...comparisons(`size(${subject})`, operand as Record<string, unknown>, `${token}_size`, parts, false));
    } else {
      fail(`unsupported operator "${op}" on ${token}`);
    }
  }
  return expressions;
}

function joined(expressions: string[], joiner: 'AND' | 'OR'): string | undefined {
  if (expressions.length === 0) return undefined;
  if (expressions.length === 1) return expressions[0];
  return expressions.map((expression) => `(${expression})`).join(` ${joiner} `);
}

function translate(filter: Record<string, unknown>, scope: string, parts: ExpressionParts): string | undefined {
  const expressions: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (key === 'and' || key === 'or') {
      const branches = (Array.isArray(value) ? value : [value])
        .map((branch, index) => translate(branch as Record<string, unknown>, `${scope}${key}${index}_`, parts))
        .filter((branch): branch is string => branch !== undefined);
      const expression = joined(branches, key === 'and' ? 'AND' : 'OR');
      if (expression) expressions.push(expression);
    } else if (key === 'not') {
      const expression = translate(value as Record<string, unknown>, `${scope}not_`, parts);
      if (expression) expressions.push(`NOT (${expression})`);
    } else {
      if (typeof value !== 'object' || Array.isArray(value)) fail(`"${key}" needs an object of operators`);
      const operators = value as Record<string, unknown>;
      // A field whose operators are all null adds nothing, not even a name: DynamoDB refuses
      // expression attribute names that no expression uses.
      if (Object.values(operators).every((operand) => operand === undefined || operand === null)) continue;
      const subject = nameFor(key, parts);
      expressions.push(...comparisons(subject, operators, `${scope}${key}`, parts, true));
    }
  }
  return joined(expressions, 'AND');
}

/** Translates an Amplify filter/condition object; the JSON string AppSync's helpers return. */
export function toDynamoDBExpressionJson(filter: unknown, toAttributeValue: ToAttributeValue): string {
  if (filter === null || filter === undefined || typeof filter !== 'object' || Array.isArray(filter)) {
    fail('expects an object');
  }
  const parts: ExpressionParts = { names: {}, values: {}, toAttributeValue };
  const expression = translate(filter as Record<string, unknown>, '', parts) ?? '';
  const result: Record<string, unknown> = { expression, expressionNames: parts.names };
  if (Object.keys(parts.values).length > 0) result.expressionValues = parts.values;
  return JSON.stringify(result);
}
