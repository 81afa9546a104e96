/** inv plan MSKU QTY: the inbound shipment plan (fbaCreateInboundShipmentPlan), shipments with ship-to addresses. */
import type { Command } from 'commander';
import type { PlannedShipment } from '../api/inventory-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import type { View } from '../cli/output/view.js';
import { checkVenueId, parseQuantity } from './shared/stock-source.js';

const VIEW: View<Record<string, PlannedShipment>> = {
  kind: 'single',
  fields: [],
  rows: (plan) =>
    Object.values(plan).flatMap((s) =>
      Object.values(s.items).map((item) => ({
        shipmentId: s.shipmentId,
        fc: s.fulfillmentCenterId,
        qty: item.qty,
        fnsku: item.fnsku,
        prep: s.labelPrepType,
        shipTo: `${s.shipToAddr.addr1}, ${s.shipToAddr.city}, ${s.shipToAddr.state} ${s.shipToAddr.zip}`,
      })),
    ),
  columns: [
    { key: 'shipmentId', header: 'shipment' },
    { key: 'fc', header: 'center' },
    { key: 'qty', header: 'qty', align: 'right' },
    { key: 'fnsku', header: 'fnsku' },
    { key: 'prep', header: 'prep' },
    { key: 'shipTo', header: 'ship to' },
  ],
};

export const meta: Meta = {
  name: 'plan',
  args: [
    ['<msku>', 'the item'],
    ['<quantity>', 'how many units in all'],
  ],
  summary: 'ask for an inbound shipment plan: which centers, how many each, where to ship',
};

/** What `inv plan` asks a plan for. */
export interface PlanOptions {
  msku: string;
  quantity: number;
  venueId: string | undefined;
}

/** Options of `inv plan` (declared from `meta`). */
export function setup(command: Command): void {
  command
    .option('--venue-id <id>', 'marketplace account, when the seller has several')
    .addHelpText('after', '\nExample:\n  inv plan MUG-BLUE-11OZ 60');
}

/** The item (as given: the server checks it), the quantity and the venue. */
export function parse([msku, quantity]: unknown[], flags: { venueId?: string }): PlanOptions {
  const amount = parseQuantity(quantity as string);
  checkVenueId(flags.venueId);
  return { msku: msku as string, quantity: amount, venueId: flags.venueId };
}

/** Asks for the plan and shows its shipments. */
export async function run(ctx: Ctx, options: PlanOptions): Promise<void> {
  const out = ctx.output(VIEW);
  await out.render([await (await ctx.inventory()).plan(options)]);
}
