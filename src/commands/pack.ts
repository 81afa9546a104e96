/** inv pack SHIPMENT_ID: box contents from files (or scanned on a terminal), checked, then carton labels and the pack list. */
import type { Command } from 'commander';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { addOptions, choiceOption, fileOption, switchOption, textOption, type FlagsOf } from '../cli/option-kinds.js';
import { CARTON_LAYOUTS } from '../pack/carton-layout.js';
import { outputOptions, type Outputs } from '../pack/carton-outputs.js';
import { UsageError } from '../errors.js';
import { DELIMITER_HELP } from '../cli/request-body.js';
import { PACK_VIEW } from './shared/pack-view.js';
import { printerOptions } from './shared/label-file-options.js';

/** The options of `inv pack` that take a value, each declared once. */
const OPTIONS = {
  file: fileOption(
    '--file <contents.csv>',
    'box contents: box,msku,quantity (or fnsku instead of msku; optional exp as YYYY-MM-DD)',
  ),
  boxes: fileOption('--boxes <boxes.csv>', 'box sizes: box,weight,length,width,height (lb and inches; see --units)'),
  delimiter: textOption('--delimiter <char>', `--file and --boxes: ${DELIMITER_HELP}`),
  units: choiceOption(
    '--units <units>',
    'imperial (lb, in; the default) or metric (kg, cm) for --boxes and scanned sizes',
    ['imperial', 'metric'],
  ),
  partial: switchOption('--partial', 'allow fewer units than the shipment holds (never more)'),
  oversize: switchOption('--oversize', 'allow a side over 25 in (a single oversize item)'),
  labels: fileOption(
    '--labels <file>',
    'write the carton labels: PDF (4x6 thermal), or ZPL with -o zpl or a .zpl file ("-" for stdout)',
  ),
  layout: choiceOption('--layout <layout>', 'carton label layout (default 4x6; letter-2up: two a Letter page)', [
    ...CARTON_LAYOUTS,
  ]),
  packList: fileOption('--pack-list <file>', 'write the tab-separated pack list Seller Central takes'),
  ...printerOptions(),
  shipFrom: textOption(
    '--ship-from <address>',
    'ship-from address, lines separated by "|" (default: the profile\'s pack.shipFrom, asked once on a terminal)',
  ),
};

type Flags = FlagsOf<typeof OPTIONS>;

export const meta: Meta = {
  name: 'pack',
  args: [['<shipmentId>', 'the shipment to pack (from `inv shipments list`)']],
  summary:
    'pack a shipment into boxes: every unit once, carton labels (box id Code 128, contents PDF417), the Seller Central pack list',
  description: 'Scan mode on a terminal (journaled: run it again to resume), or file mode with --file and --boxes.',
};

/** What `inv pack` packs and writes; the outputs depend on -o zpl, a global option that run reads. */
export interface PackCommandOptions {
  shipment: string;
  units: 'imperial' | 'metric';
  partial: boolean;
  oversize: boolean;
  /** File mode: the box contents and the box sizes; undefined for scan mode (on a terminal). */
  files: { file: string; boxes: string; delimiter?: string } | undefined;
  /** --ship-from as given (run checks it, or reads or asks for the profile's, when carton labels are written). */
  shipFrom: string | undefined;
  /** The carton labels and pack list to write, checked. */
  outputs(zpl: boolean, storedPrinter?: string): Outputs;
}

/** Options of `inv pack` (declared from `meta`). */
export function setup(command: Command): void {
  addOptions(command, OPTIONS);
  command.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  inv config set pack.shipFrom "Acme Goods|12 Main St|Springfield, IL 62701|US"   # once: the ship-from of carton labels',
      '  inv pack FBA10000001 --file contents.csv --boxes boxes.csv --labels cartons.pdf --pack-list pack-list.tsv',
      '  inv pack FBA10000001 --file contents.csv --boxes boxes.csv --units metric --labels cartons.pdf --layout letter-2up',
      '  inv pack FBA10000001 --file contents.csv --boxes boxes.csv --labels - -o zpl | lp -d zebra -o raw',
      '  inv pack FBA10000001 --file contents.csv --boxes boxes.csv --printer zebra -o zpl   # the carton labels to CUPS, raw',
      '  inv pack FBA10000001 --file contents.csv --boxes boxes.csv --partial --json',
      '  inv pack FBA10000001            # scan mode on a terminal; run it again to resume',
    ].join('\n'),
  );
}

/** The shipment, the units, the files (both or neither) and the outputs, each checked. */
export function parse([shipment]: unknown[], flags: Flags): PackCommandOptions {
  const units = flags.units ?? 'imperial';
  if (flags.file === undefined && flags.boxes !== undefined)
    throw new UsageError('--boxes goes with --file CONTENTS.csv');
  if (flags.file === undefined && flags.delimiter !== undefined) throw new UsageError('--delimiter goes with --file');
  if (flags.file !== undefined && flags.boxes === undefined)
    throw new UsageError('--file needs --boxes BOXES.csv: the weight and sides of each box');
  return {
    shipment: String(shipment).trim(),
    units,
    partial: Boolean(flags.partial),
    oversize: Boolean(flags.oversize),
    files: flags.file === undefined ? undefined : { file: flags.file, boxes: flags.boxes!, delimiter: flags.delimiter },
    shipFrom: flags.shipFrom,
    outputs: (zpl, stored) => outputOptions({ ...flags, zpl }, stored),
  };
}

/** Packs from the files (or scans on a terminal), checks it all, then writes the labels and the pack list. */
export async function run(ctx: Ctx, options: PackCommandOptions): Promise<void> {
  const { stored, print } = await (await import('./shared/label-printing.js')).labelPrinting(ctx);
  const outputs = options.outputs(ctx.globals.zpl, stored);
  const { packFromFiles, writeOutputs } = await import('../pack/file-mode.js');
  const out = ctx.output(PACK_VIEW);
  const { shipment, partial, oversize, units, files } = options;
  const packOptions = { shipment, partial, oversize, units };
  const shipFrom = outputs.labels ? await (await import('./shared/ship-from.js')).shipFrom(ctx, options.shipFrom) : [];
  const client = await ctx.inventory();
  let packing;
  let scanned: { finish(): Promise<void>; stop(): Promise<void> } | undefined;
  if (files) packing = await packFromFiles(client, { ...packOptions, ...files });
  else ({ packing, ...scanned } = await (await import('./shared/pack-scan.js')).scanSession(ctx, client, packOptions));
  try {
    for (const line of await writeOutputs(client, packing, outputs, shipFrom, ctx.io, undefined, print))
      await ctx.info(`${ctx.color.green('✓')} ${line}`);
  } catch (error) {
    await scanned?.stop();
    throw error;
  }
  await scanned?.finish();
  if (outputs.labels?.out !== '-') await out.render([packing]);
}
