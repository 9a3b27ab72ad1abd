/**
 * The shape of a JSON answer, for holding a fake ATS to the vendor's documented examples: every
 * key path with the JSON type found there (`data[].candidate.id:number`, `total:number`,
 * `dateWebResponse:null`). Array elements share the path `[]`, so a list of any length has the
 * shape of its records. A plain module with no jest imports.
 */

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'object';
}

/** Every `path:type` in `json`; the root is the empty path (`:object`). */
export function shapeOf(json: unknown): Set<string> {
  const shape = new Set<string>();
  const walk = (value: unknown, path: string) => {
    const type = typeOf(value);
    shape.add(`${path}:${type}`);
    if (type === 'array') for (const item of value as unknown[]) walk(item, `${path}[]`);
    if (type === 'object') {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) walk(child, path === '' ? key : `${path}.${key}`);
    }
  };
  walk(json, '');
  return shape;
}

/** The `path:type` entries of a response that none of the fixtures has, sorted: what the fake made up. */
export function unknownPaths(responseShape: ReadonlySet<string>, fixtureShapes: Iterable<ReadonlySet<string>>): string[] {
  const known = new Set<string>();
  for (const shape of fixtureShapes) for (const entry of shape) known.add(entry);
  return [...responseShape].filter((entry) => !known.has(entry)).sort();
}
