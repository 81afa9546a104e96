/** inv shipments list: inbound FBA shipments (fbaShipment locations) with center, units and status. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { rememberNames } from '../../cli/completion/names.js';
import { SHIPMENTS_VIEW } from './shipment-views.js';

export const meta: Meta = {
  name: 'list',
  summary: 'list inbound FBA shipments: id, center, units, open or closed (where the open-shipment setting tells)',
};

/** Options of `inv shipments list`. */
export function setup(command: Command): void {
  command
    .option('--open', 'only shipments still open')
    .addHelpText('after', '\nExamples:\n  inv shipments list\n  inv shipments list --open --json');
}

/** Whether only open shipments are listed. */
export function parse(_args: unknown[], flags: { open?: boolean }): boolean {
  return Boolean(flags.open);
}

/** Lists the shipments (remembering their ids for completion), or the open ones. */
export async function run(ctx: Ctx, open: boolean): Promise<void> {
  const out = ctx.output(SHIPMENTS_VIEW);
  const client = await ctx.inventory();
  const [{ LocationNames }, { listShipments }] = await Promise.all([
    import('../../api/location-names.js'),
    import('../../api/shipments.js'),
  ]);
  const found = await listShipments(client, await new LocationNames(client).list());
  rememberNames(
    ctx.io.env,
    'shipments',
    found.map((s) => s.shipmentId),
  );
  await out.render(open ? found.filter((s) => s.status === 'open') : found);
}
