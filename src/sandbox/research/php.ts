/** PHP's serialize() format, for the offers endpoint's bettermws_sphp format. */

/** Serializes JSON-like data the way PHP's serialize() does (objects become arrays). */
export function phpSerialize(value: unknown): string {
  if (value === null || value === undefined) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') return Number.isInteger(value) ? `i:${value};` : `d:${value};`;
  if (typeof value === 'string') return `s:${Buffer.byteLength(value)}:"${value}";`;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value as object);
  const body = entries
    .map(([k, v]) => (typeof k === 'number' ? `i:${k};` : phpSerialize(k)) + phpSerialize(v))
    .join('');
  return `a:${entries.length}:{${body}}`;
}
