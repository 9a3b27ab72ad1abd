/**
 * DynamoDB expression blocks for the resolvers: Amplify's filter and condition inputs translated
 * by AppSync's own `util.transform` helpers, blocks joined with AND, key conditions for
 * `ModelStringKeyConditionInput`. APPSYNC_JS-safe (no loops but for-of, no recursion, no regex
 * literals): bundled into resolvers.
 *
 * Placeholders written here carry a prefix (`#key…`, `#owner…`, `#cond…`, `#set…`) that no
 * field of the schema has, so they never collide with the ones `util.transform` derives from
 * field names (`#email`, `:email_eq`).
 */
import { util } from '@aws-appsync/utils';
import { invalidArguments, type FieldProblem } from './validation';

/** A DynamoDB expression block (`query`, `filter`, `condition`, `update`). */
export interface Expression {
  expression: string;
  expressionNames?: Record<string, string>;
  expressionValues?: Record<string, unknown>;
}

/** Amplify's `ModelStringKeyConditionInput`: a sort-key condition, one operator at a time. */
export interface ModelStringKeyConditionInput {
  eq?: string | null;
  le?: string | null;
  lt?: string | null;
  ge?: string | null;
  gt?: string | null;
  between?: (string | null)[] | null;
  beginsWith?: string | null;
}

/** An Amplify filter or condition input (`{ field: { op: value }, and, or, not }`). */
export type FilterInput = Record<string, unknown>;

function hasAnyValue(input: FilterInput | null | undefined): boolean {
  if (!input) {
    return false;
  }
  return Object.values(input).some((value) => value !== null && value !== undefined);
}

function parsed(json: string): Expression | null {
  const block = JSON.parse(json) as Expression | null;
  return block && block.expression ? block : null;
}

/** How deep and/or/not may nest in a filter or condition (Amplify clients nest a few levels). */
export const MAX_FILTER_DEPTH = 16;
/** One entry per level: APPSYNC_JS has no while loop and no recursion, so the walk is bounded by this list. */
const FILTER_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

/** A `between` operand is absent, or exactly two values. */
function isRange(operand: unknown): boolean {
  if (operand === null || operand === undefined) {
    return true;
  }
  const range = operand as unknown[];
  return (
    Array.isArray(range) && range.length === 2 && range[0] !== null && range[0] !== undefined && range[1] !== null && range[1] !== undefined
  );
}

/**
 * What `util.transform` cannot translate, or DynamoDB would refuse, in an Amplify filter or
 * condition the caller sent: a `between` without exactly two values (on a field or its size), or
 * and/or/not nested deeper than {@link MAX_FILTER_DEPTH}. `argument` names it in the problems.
 */
export function filterProblems(input: FilterInput | null | undefined, argument: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  let level: FilterInput[] = input ? [input] : [];
  for (const _depth of FILTER_LEVELS) {
    const next: FilterInput[] = [];
    for (const node of level) {
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (value === null || value === undefined) {
          // An operator left out.
        } else if (key === 'and' || key === 'or') {
          for (const branch of value as (FilterInput | null)[]) {
            if (branch) {
              next.push(branch);
            }
          }
        } else if (key === 'not') {
          next.push(value as FilterInput);
        } else {
          const operators = value as Record<string, unknown>;
          const size = operators.size as Record<string, unknown> | null | undefined;
          if (!isRange(operators.between) || (size && !isRange(size.between))) {
            problems.push({ field: argument, message: `${argument}: between on ${key} needs exactly two values.` });
          }
        }
      }
    }
    level = next;
  }
  if (level.length > 0) {
    problems.push({ field: argument, message: `${argument} may nest and, or and not at most ${MAX_FILTER_DEPTH} levels deep.` });
  }
  return problems;
}

/** `util.transform.toDynamoDBFilterExpression`, or null when the filter restricts nothing. Refuses what it cannot translate. */
export function filterExpression(filter: FilterInput | null | undefined): Expression | null {
  invalidArguments(filterProblems(filter, 'filter'));
  return hasAnyValue(filter) ? parsed(util.transform.toDynamoDBFilterExpression(filter as FilterInput)) : null;
}

/** `util.transform.toDynamoDBConditionExpression`, or null when the condition checks nothing. Refuses what it cannot translate. */
export function conditionExpression(condition: FilterInput | null | undefined): Expression | null {
  invalidArguments(filterProblems(condition, 'condition'));
  return hasAnyValue(condition) ? parsed(util.transform.toDynamoDBConditionExpression(condition as FilterInput)) : null;
}

/** Every block must hold: `(a) AND (b) AND …`; null blocks are skipped; null when none is left. */
export function allOf(blocks: (Expression | null)[]): Expression | null {
  const present = blocks.filter((block) => block !== null) as Expression[];
  if (present.length === 0) {
    return null;
  }
  if (present.length === 1) {
    return present[0];
  }
  let names: Record<string, string> = {};
  let values: Record<string, unknown> = {};
  const expressions: string[] = [];
  for (const block of present) {
    expressions.push(`(${block.expression})`);
    names = { ...names, ...block.expressionNames };
    values = { ...values, ...block.expressionValues };
  }
  const joined: Expression = { expression: expressions.join(' AND '), expressionNames: names };
  if (Object.keys(values).length > 0) {
    joined.expressionValues = values;
  }
  return joined;
}

/** The attribute names an expression reads (the values of its `expressionNames`). */
export function attributesOf(block: Expression | null): string[] {
  return block && block.expressionNames ? Object.values(block.expressionNames) : [];
}

/**
 * Refuses a filter on key attributes of the table or index being queried: DynamoDB does not
 * accept them in a Query's filter expression, and the caller should use the key arguments.
 */
export function refuseFilterOn(filter: Expression | null, keyAttributes: string[], hint: string): void {
  const used = attributesOf(filter).filter((name) => keyAttributes.includes(name));
  if (used.length > 0) {
    const message = `The filter cannot use ${used.join(', ')}: ${hint}`;
    invalidArguments([{ field: 'filter', message }]);
  }
}

/** `#keyPartition = :keyPartition`. */
export function partitionKeyCondition(attribute: string, value: string): Expression {
  return {
    expression: '#keyPartition = :keyPartition',
    expressionNames: { '#keyPartition': attribute },
    expressionValues: util.dynamodb.toMapValues({ ':keyPartition': value }),
  };
}

/**
 * The partition-key equality and, when given, the sort-key condition of Amplify's
 * `ModelStringKeyConditionInput` (eq, le, lt, ge, gt, between, beginsWith; exactly one).
 * `argument` names the GraphQL argument in validation errors.
 */
export function keyCondition(
  partition: { attribute: string; value: string },
  sort: { attribute: string; argument: string; condition: ModelStringKeyConditionInput | null | undefined },
): Expression {
  const base = partitionKeyCondition(partition.attribute, partition.value);
  const condition = sort.condition;
  if (!condition) {
    return base;
  }
  const operators = Object.keys(condition).filter((operator) => {
    const operand = (condition as Record<string, unknown>)[operator];
    return operand !== null && operand !== undefined;
  });
  if (operators.length === 0) {
    return base;
  }
  if (operators.length > 1) {
    invalidArguments([{ field: sort.argument, message: `Give one ${sort.argument} condition at a time, not ${operators.join(' and ')}.` }]);
  }
  const operator = operators[0];
  const comparators: Record<string, string> = { eq: '=', le: '<=', lt: '<', ge: '>=', gt: '>' };
  let sortExpression = '';
  let values: Record<string, unknown> = {};
  if (operator === 'between') {
    const range = condition.between || [];
    if (range.length !== 2 || typeof range[0] !== 'string' || typeof range[1] !== 'string') {
      invalidArguments([{ field: sort.argument, message: `${sort.argument}.between needs exactly two values.` }]);
    }
    sortExpression = '#keySort BETWEEN :keySortFrom AND :keySortTo';
    values = { ':keySortFrom': range[0], ':keySortTo': range[1] };
  } else if (operator === 'beginsWith') {
    sortExpression = 'begins_with(#keySort, :keySort)';
    values = { ':keySort': condition.beginsWith };
  } else {
    sortExpression = `#keySort ${comparators[operator]} :keySort`;
    values = { ':keySort': (condition as Record<string, unknown>)[operator] };
  }
  return {
    expression: `${base.expression} AND ${sortExpression}`,
    expressionNames: { ...base.expressionNames, '#keySort': sort.attribute },
    expressionValues: { ...base.expressionValues, ...util.dynamodb.toMapValues(values) },
  };
}

/** Only the record whose id is the caller's sub (a filter: for queries on an index). */
export function ownRecordFilter(sub: string): Expression {
  return {
    expression: '#ownerId = :ownerSub',
    expressionNames: { '#ownerId': 'id' },
    expressionValues: util.dynamodb.toMapValues({ ':ownerSub': sub }),
  };
}

/** Records an admin has not removed (no status counts as active). */
export function notRemovedFilter(removedStatus: string): Expression {
  return {
    expression: 'attribute_not_exists(#ownerStatus) OR #ownerStatus <> :ownerRemoved',
    expressionNames: { '#ownerStatus': 'status' },
    expressionValues: util.dynamodb.toMapValues({ ':ownerRemoved': removedStatus }),
  };
}
