/** How locations look in tables. */
import type { Location } from '../../api/inventory-types.js';
import type { View } from '../../cli/output/view.js';

const FIELDS = [
  'id',
  'display',
  'order',
  'type',
  'ref',
  'notes',
  'canMove',
  'canMoveFBA',
  'created',
  'modified',
  'link',
];
const COLUMNS = [
  { key: 'id', header: 'id', align: 'right' as const },
  { key: 'display', header: 'display' },
  { key: 'type', header: 'type' },
  { key: 'order', header: 'order', align: 'right' as const },
  { key: 'ref', header: 'ref' },
  { key: 'canMove', header: 'can move' },
  { key: 'canMoveFBA', header: 'can send to fba' },
];

export const LOCATIONS_VIEW: View<Location> = { kind: 'list', fields: FIELDS, columns: COLUMNS };
export const LOCATION_VIEW: View<Location> = { kind: 'single', fields: FIELDS, columns: COLUMNS };
