/** How a setting looks. */
import type { Setting } from '../../api/inventory-types.js';
import type { View } from '../../cli/output/view.js';

export const SETTING_VIEW: View<Setting> = {
  kind: 'single',
  fields: ['key', 'value'],
  columns: [
    { key: 'key', header: 'key' },
    { key: 'value', header: 'value' },
  ],
};
