/** One spelling of a value as JSON, whatever order its objects' keys came in: keys sorted, at every depth. */

/** The JSON of `value` with every object's keys in code-unit order (arrays keep theirs; undefined members are left out). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort();
  return Object.fromEntries(keys.map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
}
