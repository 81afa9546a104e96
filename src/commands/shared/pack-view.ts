/** How a packing looks: JSON keeps the whole record; the table one row per box and msku. */
import type { Packing } from '../../pack/packing-types.js';
import { count } from '../../util/format.js';
import type { View } from '../../cli/output/view.js';

export const PACK_VIEW: View<Packing> = {
  kind: 'single',
  fields: ['shipmentId', 'center', 'shipTo', 'boxes', 'unpacked'],
  rows: (p) =>
    p.boxes.flatMap((b) =>
      b.items.map((i) => ({
        ...i,
        box: b.box,
        boxId: b.boxId,
        weightLb: b.weightLb,
        size: `${b.lengthIn} x ${b.widthIn} x ${b.heightIn}`,
        teamLift: b.teamLift ? 'TEAM LIFT' : '',
      })),
    ),
  columns: [
    { key: 'box', header: 'box', align: 'right' },
    { key: 'boxId', header: 'box id' },
    { key: 'msku', header: 'msku' },
    { key: 'fnsku', header: 'fnsku' },
    { key: 'quantity', header: 'quantity', format: count, align: 'right' },
    { key: 'exp', header: 'exp' },
    { key: 'weightLb', header: 'lb', align: 'right' },
    { key: 'size', header: 'in' },
    { key: 'teamLift', header: '' },
  ],
};
