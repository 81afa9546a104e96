/** The itemLocation view: answers of moves and stock changes. */
import type { ItemLocation } from '../../api/inventory-types.js';
import type { View } from '../../cli/output/view.js';

/** One itemLocation (the quantity of an item in a location): answers of moves and stock changes. */
export const ITEM_LOCATION_VIEW: View<ItemLocation> = {
  kind: 'single',
  fields: ['id', 'msku', 'locationId', 'quantity', 'modified', 'acknowledged', 'link'],
  columns: [
    { key: 'id', header: 'itemLocation', align: 'right' },
    { key: 'msku', header: 'msku' },
    { key: 'locationId', header: 'location', align: 'right' },
    { key: 'quantity', header: 'quantity', align: 'right' },
    { key: 'modified', header: 'modified' },
  ],
};
