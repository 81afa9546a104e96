/** inv shipments show ID: what an inbound FBA shipment holds (msku, fnsku, quantity). */
import type { Command } from 'commander';
import { addOptions } from '../../cli/option-kinds.js';
import { labelFileOptions } from '../shared/label-file-options.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { UsageError } from '../../errors.js';
import { checkLabelFile, labelSettings, type LabelOptions } from '../../labels/write-labels.js';
import { SHIPMENT_VIEW } from './shipment-views.js';

export const meta: Meta = {
  name: 'show',
  args: [['<shipmentId>', 'the shipment id (e.g. FBA10000001) or its location id']],
  summary: 'show what a shipment holds: each msku with its fnsku and quantity',
};

/** What `inv shipments show` shows, and the labels it writes with --labels. */
export interface ShipmentShowOptions {
  id: string;
  labels: LabelOptions | undefined;
}

/** Options of `inv shipments show`. */
export function setup(command: Command): void {
  addOptions(command, labelFileOptions('write a label for every unit in the shipment, after a heading label'));
  command.addHelpText(
    'after',
    [
      '\nExamples:',
      '  inv shipments show FBA10000001',
      '  inv shipments show FBA10000001 --json',
      '  inv shipments show FBA10000001 --labels FBA10000001.pdf',
    ].join('\n'),
  );
}

/** The shipment id and the label choices, checked (whether the file can be written is the run's to check). */
export function parse([id]: unknown[], flags: { labels?: string; labelsLayout?: string }): ShipmentShowOptions {
  if (flags.labels === undefined && flags.labelsLayout !== undefined)
    throw new UsageError('--labels-layout goes with --labels FILE');
  const labels =
    flags.labels === undefined
      ? undefined
      : labelSettings({ out: flags.labels, layout: flags.labelsLayout }, 'labels-');
  return { id: String(id).trim(), labels };
}

/** Refuses a --labels file that cannot be written, then shows the shipment and writes its labels. */
export async function run(ctx: Ctx, { id, labels }: ShipmentShowOptions): Promise<void> {
  const out = ctx.output(SHIPMENT_VIEW);
  if (labels) checkLabelFile(labels, '--labels');
  const client = await ctx.inventory();
  const [{ LocationNames }, { showShipment }] = await Promise.all([
    import('../../api/location-names.js'),
    import('../../api/shipments.js'),
  ]);
  const detail = await showShipment(client, await new LocationNames(client).list(), id);
  await out.render([detail]);
  if (!labels) return;
  const { shipmentLabels } = await import('../../labels/after-send.js');
  const noFnsku = (msku: string) => ctx.info(`no fnsku for "${msku}": its units have no labels`);
  const written = await shipmentLabels(client, detail, labels, ctx.io, noFnsku, ctx.progressStream);
  await ctx.info(`${ctx.color.green('✓')} ${written}`);
}
