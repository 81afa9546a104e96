/**
 * What an import row does to the item it names: its fields read from the record, and the plan (create, change
 * these fields, nothing) made against the item as it is.
 */
import type { InventoryClient } from '../../api/inventory.js';
import { ITEM_DEFAULTS } from '../../api/constants.js';
import { itemChanges, type Attribute } from '../../api/item-merge.js';
import { check, itemSchema } from '../../api/rules.js';
import { NotFoundError, UsageError } from '../../errors.js';

/** The row's fields as given (a JSON `attributes` cell parsed) and its attr.NAME columns apart. */
export function fieldsOf(record: Record<string, unknown>): { given: Record<string, unknown>; attrs: Attribute[] } {
  const given: Record<string, unknown> = {};
  const attrs: Attribute[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith('attr.')) attrs.push({ name: key.slice(5), value: value as string });
    else if (key === 'attributes' && value === '') given.attributes = [];
    else if (key === 'attributes' && typeof value === 'string') {
      try {
        given.attributes = JSON.parse(value);
      } catch {
        given.attributes = value; // the rules will name the field
      }
    } else given[key] = value;
  }
  return { given, attrs };
}

/**
 * A whole item body from one input row: attr.NAME columns and a JSON `attributes` cell become attributes;
 * ITEM_DEFAULTS fill what it leaves out.
 */
export function itemFromRow(record: Record<string, unknown>): Record<string, unknown> {
  const { given, attrs } = fieldsOf(record);
  const item: Record<string, unknown> = { ...ITEM_DEFAULTS, ...given };
  // A malformed `attributes` cell is left as it is, for the rules to name it.
  if (attrs.length > 0 && (item.attributes === undefined || Array.isArray(item.attributes)))
    item.attributes = [...((item.attributes as unknown[]) ?? []), ...attrs];
  return item;
}

/** A row: the whole item (--replace), or the fields it names and its attr.NAME columns (a merge). */
export interface ItemRow {
  item: Record<string, unknown>;
  attrs: Attribute[];
  replace: boolean;
}

/** What a row does to the item it names: created, changed (these fields), unchanged; `write` is the body to send, `after` the item left. */
export type ItemPlan =
  | { change: 'new'; write: Record<string, unknown>; after: Record<string, unknown> }
  | { change: 'changed'; fields: string[]; write: Record<string, unknown>; after: Record<string, unknown> }
  | { change: 'unchanged' };

/** The item an msku names at the server, or undefined when there is none. */
async function current(client: InventoryClient, msku: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await client.item(msku)) as unknown as Record<string, unknown>;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/**
 * Reads the item the row names (or takes it from `known`: the dry run's items as earlier rows leave them)
 * and plans the write; a merge that breaks the item rules fails the row.
 */
export async function planRow(
  client: InventoryClient,
  row: ItemRow,
  known?: Map<string, Record<string, unknown>>,
): Promise<ItemPlan> {
  const msku = row.item.msku as string;
  const existing = known?.get(msku) ?? (await current(client, msku));
  if (!existing) {
    const whole = check(
      itemSchema,
      row.replace
        ? row.item
        : itemFromRow({
            ...row.item,
            ...Object.fromEntries(row.attrs.filter((a) => a.value !== '').map((a) => [`attr.${a.name}`, a.value])),
          }),
    );
    if (!whole.ok) throw new UsageError(`a new item: ${whole.problem}`);
    return {
      change: 'new',
      write: whole.data as Record<string, unknown>,
      after: whole.data as Record<string, unknown>,
    };
  }
  const changes = row.replace ? undefined : itemChanges(existing, row.item, row.attrs);
  if (changes && Object.keys(changes).length === 0) return { change: 'unchanged' };
  const merged = check(itemSchema, { ...existing, ...(changes ?? row.item) });
  if (!merged.ok) throw new UsageError(merged.problem);
  const after = { ...existing, ...(merged.data as Record<string, unknown>) };
  return {
    change: 'changed',
    fields: Object.keys(changes ?? row.item).filter((f) => f !== 'msku'),
    write: changes ?? row.item,
    after,
  };
}
