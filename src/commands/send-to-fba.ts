/** inv send-to-fba MSKU QTY --from LOC: add stock to inbound FBA shipments (doSendToFBA); a table of shipments. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { SentShipment } from '../api/inventory-types.js';
import type { Meta, Runner } from '../cli/command.js';
import type { View } from '../cli/output/view.js';
import { mskuArg } from '../cli/request-body.js';
import { canPrompt } from '../cli/prompt.js';
import { checkSource, checkVenueId, heldPerLocation, locationArg, parseQuantity } from './shared/stock-source.js';

const VIEW: View<Record<string, SentShipment>> = {
  kind: 'single',
  fields: [],
  rows: (result) => Object.values(result).map((s) => ({ ...s, total: s.itemLocation?.quantity })),
  columns: [
    { key: 'shipmentId', header: 'shipment' },
    { key: 'fc', header: 'center' },
    { key: 'quantity', header: 'added', align: 'right' },
    { key: 'total', header: 'in shipment', align: 'right' },
    { key: 'newShipment', header: 'new' },
    { key: 'fnsku', header: 'fnsku' },
    { key: 'fnskuLabel', header: 'label' },
  ],
};

export const meta: Meta = {
  name: 'send-to-fba',
  args: [
    ['<msku>', 'the item'],
    ['<quantity>', 'how many units'],
  ],
  summary: 'add stock to inbound FBA shipments (open ones are reused, new ones created); sent once, never repeated',
};

/** Options and action of `inv send-to-fba` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--from <location>', 'location to take the stock from (id or name)')
    .option('--from-purchase <purchaseId>', 'take it from this purchase instead')
    .option('--venue-id <id>', 'marketplace account, when the seller has several')
    .option('--open-labels', "open each shipment's label in the browser")
    .option(
      '--labels <file>',
      'write the labels of the units just added, grouped by shipment (PDF, or ZPL for a .zpl file)',
    )
    .option(
      '--labels-layout <layout>',
      'layout of --labels: avery-5160 (default), a4-24, thermal-2.25x1.25, thermal-2x1',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  inv send-to-fba MUG-BLUE-11OZ 24 --from "Shelf A1"\n  inv send-to-fba MUG-BLUE-11OZ 24 --from 1 --open-labels --json\n  inv send-to-fba MUG-BLUE-11OZ 24 --from "Shelf A1" --labels mug-labels.pdf',
    )
    .action(
      run<{
        from?: string;
        fromPurchase?: string;
        venueId?: string;
        openLabels?: boolean;
        labels?: string;
        labelsLayout?: string;
      }>(async (ctx, [mskuText, quantity], flags) => {
        const msku = mskuArg(mskuText);
        const amount = parseQuantity(quantity as string);
        checkSource(flags);
        checkVenueId(flags.venueId);
        const out = ctx.output(VIEW);
        const labels =
          flags.labels === undefined
            ? undefined
            : (await import('../labels/write-labels.js')).labelOptions(
                { out: flags.labels, layout: flags.labelsLayout },
                'labels-',
              );
        if (flags.labelsLayout !== undefined && !labels)
          throw new UsageError('--labels-layout goes with --labels FILE');
        const client = await ctx.inventory();
        const { LocationNames } = await import('../api/location-names.js');
        const from = flags.fromPurchase
          ? undefined
          : await locationArg(ctx, flags.from, '--from', 'the source location', new LocationNames(client), {
              allowed: (l) => l.canMoveFBA,
              held:
                !flags.fromPurchase && flags.from === undefined && canPrompt(ctx.io, ctx.globals)
                  ? await heldPerLocation(client, msku)
                  : undefined,
              holding: true,
            });
        const result = await client.sendToFba({
          msku,
          quantity: amount,
          fromLocationId: from,
          fromPurchaseId: flags.fromPurchase,
          venueId: flags.venueId,
        });
        await out.render([result]);
        if (labels) {
          const { labelsAfterSend } = await import('../labels/after-send.js');
          await ctx.info(
            `${ctx.color.green('✓')} ${await labelsAfterSend(client, result, labels, ctx.io, ctx.progressStream)}`,
          );
        }
        if (flags.openLabels) {
          // Label URLs come from the server: only http(s) ones on the inventory origin are opened.
          const origin = new URL((await ctx.settings()).baseUrl!).origin;
          for (const shipment of Object.values(result)) {
            await ctx.browser
              .open(String(shipment.fnskuLabel), { origin })
              .catch((error: Error) => ctx.info(error.message));
          }
        }
      }),
    );
}
