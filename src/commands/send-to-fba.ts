/** inv send-to-fba MSKU QTY --from LOC: add stock to inbound FBA shipments (doSendToFBA); a table of shipments. */
import type { Command } from 'commander';
import { addOptions, nameOption, switchOption, textOption } from '../cli/option-kinds.js';
import { labelFileOptions, printerOptions } from './shared/label-file-options.js';
import { UsageError } from '../errors.js';
import type { SentShipment } from '../api/inventory-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { checkLabelFile, labelSettings, type LabelOptions } from '../labels/write-labels.js';
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

interface SendFlags {
  from?: string;
  fromPurchase?: string;
  venueId?: string;
  openLabels?: boolean;
  labels?: string;
  labelsLayout?: string;
  printer?: string | true;
}

/** What `inv send-to-fba` sends, and what it does with the labels of the units it adds. */
export interface SendToFbaOptions {
  msku: string;
  quantity: number;
  /** A location id or name (asked for on a terminal when neither it nor fromPurchase is given). */
  from: string | undefined;
  fromPurchase: string | undefined;
  venueId: string | undefined;
  openLabels: boolean;
  /**
   * --labels FILE or --printer: how to write or print them, given labels.printer (what --printer alone means); the
   * file's writability is checked by run, before sending.
   */
  labels: ((storedPrinter?: string) => LabelOptions) | undefined;
}

/** Options of `inv send-to-fba` (declared from `meta`). */
export function setup(command: Command): void {
  addOptions(command, {
    from: nameOption('--from <location>', 'location to take the stock from (id or name)', 'locations'),
    fromPurchase: textOption('--from-purchase <purchaseId>', 'take it from this purchase instead'),
    venueId: textOption('--venue-id <id>', 'marketplace account, when the seller has several'),
    openLabels: switchOption('--open-labels', "open each shipment's label in the browser"),
    ...labelFileOptions('write the labels of the units just added, grouped by shipment'),
    // Only --printer: the labels of units just sent are always printed (a second send adds new units).
    printer: printerOptions().printer,
  });
  command.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  inv send-to-fba MUG-BLUE-11OZ 24 --from "Shelf A1"',
      '  inv send-to-fba MUG-BLUE-11OZ 24 --from 1 --open-labels --json',
      '  inv send-to-fba MUG-BLUE-11OZ 24 --from "Shelf A1" --labels mug-labels.pdf',
      '  inv send-to-fba MUG-BLUE-11OZ 24 --from "Shelf A1" --printer office-laser   # the labels to a CUPS printer',
    ].join('\n'),
  );
}

/** The item, quantity, source and venue, and the label file's format and layout, each checked. */
export function parse([msku, quantity]: unknown[], flags: SendFlags): SendToFbaOptions {
  const options = { msku: mskuArg(msku), quantity: parseQuantity(quantity as string) };
  checkSource(flags);
  checkVenueId(flags.venueId);
  const given = flags.labels !== undefined || flags.printer !== undefined;
  const labels = given
    ? (stored?: string) =>
        labelSettings({ out: flags.labels, layout: flags.labelsLayout, printer: flags.printer }, 'labels-', stored)
    : undefined;
  // A printer named on the command line is checked before anything is sent (labels.printer is read by run).
  if (labels && flags.printer !== true) labels();
  if (flags.labelsLayout !== undefined && !labels)
    throw new UsageError('--labels-layout goes with --labels FILE (or --printer)');
  const { from, fromPurchase, venueId } = flags;
  return { ...options, from, fromPurchase, venueId, openLabels: Boolean(flags.openLabels), labels };
}

/** Sends the stock once, shows the shipments, then writes and opens their labels as asked. */
export async function run(ctx: Ctx, options: SendToFbaOptions): Promise<void> {
  const { msku, fromPurchase } = options;
  const printing = options.labels && (await (await import('./shared/label-printing.js')).labelPrinting(ctx));
  const labels = options.labels?.(printing ? printing.stored : undefined);
  if (labels) checkLabelFile(labels, '--labels');
  const out = ctx.output(VIEW);
  const client = await ctx.inventory();
  const { LocationNames } = await import('../api/location-names.js');
  const asking = !fromPurchase && options.from === undefined && canPrompt(ctx.io, ctx.globals);
  const from = fromPurchase
    ? undefined
    : await locationArg(ctx, options.from, '--from', 'the source location', new LocationNames(client), {
        allowed: (l) => l.canMoveFBA,
        held: asking ? await heldPerLocation(client, msku) : undefined,
        holding: true,
      });
  const result = await client.sendToFba({
    msku,
    quantity: options.quantity,
    fromLocationId: from,
    fromPurchaseId: fromPurchase,
    venueId: options.venueId,
  });
  await out.render([result]);
  if (labels) {
    const { labelsAfterSend } = await import('../labels/after-send.js');
    const said = await labelsAfterSend(client, result, labels, ctx.io, ctx.progressStream, printing?.print);
    await ctx.info(`${ctx.color.green('✓')} ${said}`);
  }
  if (options.openLabels) {
    // Label URLs come from the server: only http(s) ones on the inventory origin are opened.
    const origin = new URL((await ctx.settings()).baseUrl!).origin;
    const { openUrls } = await import('./shared/open-urls.js');
    await openUrls(
      ctx,
      Object.values(result).map((shipment) => String(shipment.fnskuLabel)),
      { origin },
    );
  }
}
