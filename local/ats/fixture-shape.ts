/**
 * The shape of a JSON answer, to check that a fake ATS answers only in shapes its vendor's
 * documented examples have (local/ats/fixtures/<vendor>/). A shape is the set of key paths with
 * their JSON types: `data[].tags[] string`, `Data[].Tags{}[].Title string`. Array elements are
 * `[]`; an object whose keys are ids (UUIDs, numbers: Crelate's tags by tag-category id) is a map,
 * its values `{}`, so two answers with different ids still have one shape. A plain module (no jest).
 */

/** The JSON types a path can have. */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

const ID_KEY = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  if (type === 'object') return 'object';
  throw new TypeError(`Not a JSON value: ${type}`);
}

/** Whether an object is keyed by ids (every key a UUID or a number) rather than by field names. */
function isIdMap(value: object): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => ID_KEY.test(key));
}

/** Every key path of `json` with its JSON type, as `"<path> <type>"` (the root's path is `$`). */
export function shapeOf(json: unknown): Set<string> {
  const shape = new Set<string>();
  const walk = (value: unknown, path: string) => {
    const type = jsonType(value);
    shape.add(`${path} ${type}`);
    if (type === 'array') for (const item of value as unknown[]) walk(item, `${path}[]`);
    else if (type === 'object') {
      const record = value as Record<string, unknown>;
      if (isIdMap(record)) for (const item of Object.values(record)) walk(item, `${path}{}`);
      else for (const [key, item] of Object.entries(record)) walk(item, path === '$' ? key : `${path}.${key}`);
    }
  };
  walk(json, '$');
  return shape;
}

function pathOf(entry: string): string {
  return entry.slice(0, entry.lastIndexOf(' '));
}

/**
 * The entries of `responseShape` that none of `fixtureShapes` has, sorted: a key path the
 * documented examples never show, or a JSON type they never give it. A `null` is accepted at a
 * path the fixtures have with any type (documented examples show optional fields filled in).
 */
export function unknownPaths(responseShape: ReadonlySet<string>, fixtureShapes: Iterable<ReadonlySet<string>>): string[] {
  const known = new Set<string>();
  const knownPaths = new Set<string>();
  for (const shape of fixtureShapes) {
    for (const entry of shape) {
      known.add(entry);
      knownPaths.add(pathOf(entry));
    }
  }
  return [...responseShape].filter((entry) => !known.has(entry) && !(entry.endsWith(' null') && knownPaths.has(pathOf(entry)))).sort();
}
