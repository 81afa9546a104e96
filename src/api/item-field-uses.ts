/**
 * The fields of an item, in the order the API shows them, and what a client does with each: the one list that the
 * item rules (rules.ts), the views, the import's columns and its empty-cell rule are made from.
 */

/** `key`: names the item; `set`: written, never empty; `clearable`: written, null clears it; `server`: filled in by the server. */
export type ItemFieldUse = 'key' | 'set' | 'clearable' | 'server';

/** Every field of an item and its use. */
export const ITEM_FIELD_USES = {
  msku: 'key',
  inactive: 'set',
  productId: 'clearable',
  productIdType: 'clearable',
  title: 'set',
  manufacturer: 'clearable',
  image: 'clearable',
  type: 'clearable',
  cond: 'set',
  notes: 'clearable',
  createdUserId: 'server',
  created: 'server',
  value: 'clearable',
  rank: 'clearable',
  modified: 'server',
  attributes: 'set',
  listings: 'server',
  link: 'server',
} as const satisfies Record<string, ItemFieldUse>;

export type ItemField = keyof typeof ITEM_FIELD_USES;
type FieldOfUse<U extends ItemFieldUse> = {
  [F in ItemField]: (typeof ITEM_FIELD_USES)[F] extends U ? F : never;
}[ItemField];

const fieldsOf = <U extends ItemFieldUse>(...uses: U[]) =>
  (Object.keys(ITEM_FIELD_USES) as ItemField[]).filter((f) =>
    (uses as ItemFieldUse[]).includes(ITEM_FIELD_USES[f]),
  ) as FieldOfUse<U>[];

/** Every field, in the API's order (what views and `--json` show). */
export const ITEM_FIELDS = Object.keys(ITEM_FIELD_USES) as ItemField[];
/** The fields a client writes (an import's columns), msku first. */
export const WRITTEN_ITEM_FIELDS = fieldsOf('key', 'set', 'clearable');
/** The fields that null clears: an empty cell of an import sends null. */
export const CLEARABLE_ITEM_FIELDS: ReadonlySet<string> = new Set(fieldsOf('clearable'));
/** The fields the server fills in: accepted on input (a record fetched can be sent back) and ignored. */
export const SERVER_ITEM_FIELDS = fieldsOf('server');
