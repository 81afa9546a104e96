/** inv shipments show ID: what an inbound FBA shipment holds (msku, fnsku, quantity). */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { SHIPMENT_VIEW } from './views.js';

/** Registers `inv shipments show`. */
export function register(shipments: Command, run: Runner): void {
  shipments
    .command('show')
    .description('show what a shipment holds: each msku with its fnsku and quantity')
    .argument('<shipmentId>', 'the shipment id (e.g. FBA1000000A) or its location id')
    .addHelpText('after', '\nExamples:\n  inv shipments show FBA1000000A\n  inv shipments show FBA1000000A --json')
    .action(
      run(async (ctx, [id]) => {
        const out = ctx.output(SHIPMENT_VIEW);
        const client = await ctx.inventory();
        const [{ LocationNames }, { showShipment }] = await Promise.all([import('../../api/location-names.js'), import('../../api/shipments.js')]);
        await out.render([await showShipment(client, await new LocationNames(client).list(), String(id).trim())]);
      }),
    );
}
