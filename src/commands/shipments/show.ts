/** inv shipments show ID: what an inbound FBA shipment holds (msku, fnsku, quantity). */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { UsageError } from '../../errors.js';
import { SHIPMENT_VIEW } from './shipment-views.js';

export const meta: Meta = {
  name: 'show',
  args: [['<shipmentId>', 'the shipment id (e.g. FBA10000001) or its location id']],
  summary: 'show what a shipment holds: each msku with its fnsku and quantity',
};

/** Options and action of `inv shipments show` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option(
      '--labels <file>',
      'write a label for every unit in the shipment, after a heading label (PDF, or ZPL for a .zpl file)',
    )
    .option(
      '--labels-layout <layout>',
      'layout of --labels: avery-5160 (default), a4-24, thermal-2.25x1.25, thermal-2x1',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  inv shipments show FBA10000001\n  inv shipments show FBA10000001 --json\n  inv shipments show FBA10000001 --labels FBA10000001.pdf',
    )
    .action(
      run<{ labels?: string; labelsLayout?: string }>(async (ctx, [id], flags) => {
        const out = ctx.output(SHIPMENT_VIEW);
        const labels =
          flags.labels === undefined
            ? undefined
            : (await import('../../labels/write-labels.js')).labelOptions(
                { out: flags.labels, layout: flags.labelsLayout },
                'labels-',
              );
        if (flags.labelsLayout !== undefined && !labels)
          throw new UsageError('--labels-layout goes with --labels FILE');
        const client = await ctx.inventory();
        const [{ LocationNames }, { showShipment }] = await Promise.all([
          import('../../api/location-names.js'),
          import('../../api/shipments.js'),
        ]);
        const detail = await showShipment(client, await new LocationNames(client).list(), String(id).trim());
        await out.render([detail]);
        if (labels) {
          const { shipmentLabels } = await import('../../labels/after-send.js');
          await ctx.info(
            `${ctx.color.green('✓')} ${await shipmentLabels(client, detail, labels, ctx.io, (msku) => ctx.info(`no fnsku for "${msku}": its units have no labels`), ctx.progressStream)}`,
          );
        }
      }),
    );
}
