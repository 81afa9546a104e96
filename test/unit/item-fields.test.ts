/** The one list of item fields against what is made from it: the record type, the rules, the import's columns. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CLEARABLE_ITEM_FIELDS, ITEM_FIELD_USES, ITEM_FIELDS, type ItemField } from '../../src/api/item-field-uses.js';
import type { Item } from '../../src/api/inventory-types.js';
import { itemPatchSchema } from '../../src/api/rules.js';
import { checkItemColumns } from '../../src/batch/imports/import-items.js';

describe('the item fields', () => {
  it('are the fields of the Item record, no more and no fewer', () => {
    expectTypeOf<keyof Item>().toEqualTypeOf<ItemField>();
  });

  it.each(ITEM_FIELDS)('%s: null is taken exactly when the field is clearable or filled in by the server', (field) => {
    const use = ITEM_FIELD_USES[field];
    expect(itemPatchSchema.safeParse({ [field]: null }).success).toBe(use === 'clearable' || use === 'server');
    expect(CLEARABLE_ITEM_FIELDS.has(field)).toBe(use === 'clearable');
  });

  it("an import's columns are the fields a client writes: each is taken, each the server fills in is refused", () => {
    for (const [field, use] of Object.entries(ITEM_FIELD_USES)) {
      const header = field === 'msku' ? ['msku'] : ['msku', field];
      if (use === 'server') expect(() => checkItemColumns(header), field).toThrow(/unknown column/);
      else expect(checkItemColumns(header), field).toEqual(header);
    }
  });
});
