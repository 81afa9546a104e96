/** What an import row changes on an existing item: the fields it names that differ, attributes merged by name. Pure functions. */

export interface Attribute {
  name: string;
  value: string;
}

/** The item's attributes with `given` applied: a name with a value is set (added or changed), a name with an empty value removed. */
export function mergeAttributes(current: ReadonlyArray<Attribute>, given: ReadonlyArray<Attribute>): Attribute[] {
  const merged = new Map(current.map((a) => [a.name, a.value]));
  for (const { name, value } of given) {
    if (value === '') merged.delete(name);
    else merged.set(name, value);
  }
  return [...merged].map(([name, value]) => ({ name, value }));
}

/** A value as compared: absent, null and "" are one; numbers and numeric strings by their number; lists and objects by their JSON. */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  return JSON.stringify(value);
}

/** Whether two attribute lists hold the same names and values (order aside). */
function sameAttributes(a: ReadonlyArray<Attribute>, b: ReadonlyArray<Attribute>): boolean {
  const key = (list: ReadonlyArray<Attribute>) =>
    JSON.stringify([...list].map((x) => [x.name, String(x.value)]).sort());
  return key(a) === key(b);
}

/**
 * The fields to write so that `existing` says what the row says: `given` holds the row's columns
 * (an empty clearable cell already null), `attrs` its attr.NAME columns, merged into the attributes
 * by name. Fields the row does not name are left out, and so kept.
 */
export function itemChanges(
  existing: Record<string, unknown>,
  given: Record<string, unknown>,
  attrs: ReadonlyArray<Attribute>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(given)) {
    if (field === 'msku' || field === 'attributes') continue;
    if (comparable(existing[field]) !== comparable(value)) changes[field] = value;
  }
  if (given.attributes !== undefined || attrs.length > 0) {
    const current = (existing.attributes as Attribute[] | undefined) ?? [];
    const next = mergeAttributes((given.attributes as Attribute[] | undefined) ?? current, attrs);
    if (!sameAttributes(current, next)) changes.attributes = next;
  }
  return changes;
}
