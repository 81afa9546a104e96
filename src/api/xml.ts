/** Readers of answers converted from XML (product advertising shapes): one-or-many elements and text leaves. */

/** An element of an XML conversion that is an object when it occurs once and an array when it repeats, as a list. */
export function asList<T = unknown>(value: unknown): T[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as T[];
}

/** The text of an XML-converted leaf: a string, `{_: text}`, or the first of several. */
export function xmlText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return undefined;
  if (typeof first === 'object') return xmlText((first as { _?: unknown })._);
  return String(first);
}
