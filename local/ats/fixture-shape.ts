/**
 * The shape of a JSON value, for checking a fake ATS against the vendor's documented answers
 * (`local/ats/fixtures/<vendor>/`): every key path with the JSON types seen there. Array items
 * share one path (`[]`), so `[{ "id": 1 }, { "id": null }]` is `[].id: number | null`. A plain
 * module (no jest), reusable for any vendor.
 */

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/** Key path → the JSON types found there; `''` is the value itself. */
export type JsonShape = ReadonlyMap<string, ReadonlySet<JsonType>>;

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string' || type === 'object') return type;
  throw new TypeError(`Not a JSON value: ${type}`);
}

/** The shape of one or more JSON values (several samples of one answer merge into one shape). */
export function shapeOf(...values: readonly unknown[]): JsonShape {
  const shape = new Map<string, Set<JsonType>>();
  const visit = (value: unknown, path: string) => {
    const type = jsonType(value);
    shape.set(path, (shape.get(path) ?? new Set<JsonType>()).add(type));
    if (type === 'array') for (const item of value as unknown[]) visit(item, `${path}[]`);
    if (type === 'object') for (const [key, child] of Object.entries(value as object)) visit(child, path ? `${path}.${key}` : key);
  };
  for (const value of values) visit(value, '');
  return shape;
}

export interface ShapeComparison {
  /**
   * Treat `null` as fitting any documented path: vendors that document every field as nullable
   * (Greenhouse v3) may answer `null` where the sample has a value. Default false.
   */
  readonly nullFitsAnyType?: boolean;
}

/**
 * What `actual` has that `documented` does not, one line per key path (`jobs[].office_ids[]:
 * string, documented number`): an empty list means every path and type of `actual` is documented.
 * Documented paths missing from `actual` are fine (a record may leave fields out).
 */
export function undocumentedShape(actual: JsonShape, documented: JsonShape, options: ShapeComparison = {}): string[] {
  const problems: string[] = [];
  for (const [path, types] of actual) {
    const known = documented.get(path);
    const name = path === '' ? '(the answer)' : path;
    if (!known) {
      problems.push(`${name}: not documented`);
      continue;
    }
    const extra = [...types].filter((type) => !known.has(type) && !(type === 'null' && options.nullFitsAnyType));
    if (extra.length > 0) problems.push(`${name}: ${extra.join(' | ')}, documented ${[...known].join(' | ')}`);
  }
  return problems;
}
