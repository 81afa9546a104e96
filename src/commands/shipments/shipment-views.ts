/** How shipments look in tables. */
import type { Shipment, ShipmentDetail } from '../../api/shipments.js';
import { count } from '../../util/format.js';
import type { View } from '../../cli/output/view.js';

const FIELDS = [
  'shipmentId',
  'locationId',
  'center',
  'units',
  'status',
  'merchantId',
  'marketplaceId',
  'prepType',
  'created',
];

export const SHIPMENTS_VIEW: View<Shipment> = {
  kind: 'list',
  fields: FIELDS,
  columns: [
    { key: 'shipmentId', header: 'shipment' },
    { key: 'locationId', header: 'location', align: 'right' },
    { key: 'center', header: 'center' },
    { key: 'units', header: 'units', format: count, align: 'right' },
    { key: 'status', header: 'status' },
    { key: 'created', header: 'created' },
  ],
};

/** One shipment: JSON keeps the whole record; the table one row per msku. */
export const SHIPMENT_VIEW: View<ShipmentDetail> = {
  kind: 'single',
  fields: [...FIELDS, 'shipTo', 'plan', 'items'],
  // The address goes on the first row only: it is the shipment's, not each msku's.
  rows: (s) =>
    s.items.map((line, i) => ({
      ...line,
      shipmentId: s.shipmentId,
      center: s.center,
      status: s.status,
      planned: s.plan?.find((p) => p.msku === line.msku)?.quantity ?? null,
      shipTo: i === 0 ? (s.shipTo ?? []).join(', ') : '',
    })),
  columns: [
    { key: 'shipmentId', header: 'shipment' },
    { key: 'center', header: 'center' },
    { key: 'status', header: 'status' },
    { key: 'msku', header: 'msku' },
    { key: 'fnsku', header: 'fnsku' },
    { key: 'quantity', header: 'quantity', format: count, align: 'right' },
    { key: 'planned', header: 'planned', format: count, align: 'right' },
    { key: 'shipTo', header: 'ship to' },
  ],
};
