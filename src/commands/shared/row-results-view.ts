/** The rows of a batch that are not done, as a table: what `inv move --file`, `inv move --scan` and `inv count` show. */
import type { RowResult } from '../../batch/batch-types.js';
import type { View } from '../../cli/output/view.js';

/** A batch's rows not done: line, msku, state and why. */
export const ROW_RESULTS_VIEW: View<RowResult> = {
  kind: 'list',
  fields: ['line', 'msku', 'status', 'error', 'itemLocation'],
  columns: [
    { key: 'line', header: 'line', align: 'right' },
    { key: 'msku', header: 'msku' },
    { key: 'status', header: 'status' },
    { key: 'error', header: 'why' },
  ],
};
