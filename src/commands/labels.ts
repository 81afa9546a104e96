/** inv labels: printable FNSKU labels, one per unit: PDF sheets or thermal rolls, or ZPL for Zebra printers. */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { checkFnsku, unitRun } from '../labels/content.js';
import { checkLabelFile, labelSettings, writeLabels, type LabelOptions } from '../labels/write-labels.js';
import { readAll, type IO } from '../util/io.js';
import { labelSheetOptions } from './shared/label-file-options.js';
import { addOptions, fileOption } from '../cli/option-kinds.js';
import { numberOption } from '../cli/option-numbers.js';

interface Flags {
  count?: number;
  layout?: string;
  start?: string;
  out?: string;
  format?: string;
  from?: string;
  printer?: string | true;
  reprint?: boolean;
}

export const meta: Meta = {
  name: 'labels',
  args: [
    ['[msku]', 'the item (its title and condition go on the label)'],
    ['[fnsku]', 'its fulfillment-network SKU (X000…), drawn as a Code 128 barcode'],
  ],
  summary: 'FNSKU labels to print, one per unit: PDF sheets (avery-5160, a4-24), thermal PDF, or ZPL',
};

/** Labels of a saved send-to-fba result (a file, or "-" for stdin), or `count` labels of one item. */
export type LabelSource = { file: string } | { msku: string; fnsku: string; count: number };

/** What `inv labels` draws, and how: the output depends on -o zpl, a global option that run reads. */
export interface LabelsOptions {
  source: LabelSource;
  /** The format, layout, first position and file, checked (not the file's writability: run checks that). */
  output(zpl: boolean, storedPrinter?: string): LabelOptions;
}

/** Options of `inv labels` (declared from `meta`). */
export function setup(command: Command): void {
  addOptions(command, {
    count: numberOption('--count <n>', 'how many labels (one per unit)', { min: 1, max: 100_000, unit: 'labels' }),
    ...labelSheetOptions(),
    from: fileOption(
      '--from <file>',
      'the labels of a saved `inv send-to-fba --json` output ("-" for stdin): a heading label per shipment, then its units',
    ),
  });
  command.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  inv labels MUG-BLUE-11OZ X000BB05CA --count 24 --layout avery-5160 --out mug.pdf',
      '  inv labels MUG-BLUE-11OZ X000BB05CA --count 3 --start 29 --out mug.pdf   # last 2 places of a used sheet, then a new one',
      '  inv labels MUG-BLUE-11OZ X000BB05CA --count 24 -o zpl | lp -d zebra -o raw',
      '  inv labels MUG-BLUE-11OZ X000BB05CA --count 24 -o zpl --printer zebra   # to the CUPS printer "zebra", raw',
      '  inv labels MUG-BLUE-11OZ X000BB05CA --count 24 --printer tcp://192.0.2.7:9100   # a Zebra on the network',
      '  inv send-to-fba MUG-BLUE-11OZ 24 --from "Shelf A1" --json > sent.json && inv labels --from sent.json --out sent.pdf',
    ].join('\n'),
  );
}

/** The items to label (from --from, or an msku, fnsku and --count) and the output, each checked. */
export function parse([msku, fnsku]: unknown[], flags: Flags): LabelsOptions {
  const output = (zpl: boolean, stored?: string) =>
    labelSettings({ ...flags, format: flags.format ?? (zpl ? 'zpl' : undefined) }, '', stored);
  if (flags.from !== undefined) {
    if (msku !== undefined || flags.count !== undefined)
      throw new UsageError('--from takes the items and counts from the file: give no msku, fnsku or --count with it');
    return { source: { file: flags.from }, output };
  }
  if (msku === undefined || fnsku === undefined)
    throw new UsageError('give the msku and fnsku to label (or --from a saved send-to-fba result)');
  checkFnsku(fnsku as string);
  const { count } = flags;
  if (count === undefined) throw new UsageError('--count is required: how many labels (one per unit)');
  return { source: { msku: msku as string, fnsku: fnsku as string, count }, output };
}

/** Reads what to label (the items' titles and conditions from the server) and writes the labels. */
export async function run(ctx: Ctx, { source, output }: LabelsOptions): Promise<void> {
  const { stored, print } = await (await import('./shared/label-printing.js')).labelPrinting(ctx);
  const options = checkLabelFile(output(ctx.globals.zpl, stored), '--out');
  const { itemFacts } = await import('../labels/label-items.js');
  let runs;
  if ('file' in source) {
    const { shipmentUnits, shipmentRuns } = await import('../labels/shipment-labels.js');
    const shipments = shipmentUnits(await readJson(ctx.io, source.file), `--from ${source.file}`);
    const facts = await itemFacts(
      await ctx.inventory(),
      shipments.map((s) => s.msku),
    );
    runs = shipmentRuns(shipments, facts);
  } else {
    const facts = await itemFacts(await ctx.inventory(), [source.msku]);
    runs = [unitRun(source.fnsku, facts.get(source.msku)!, source.count)];
  }
  await ctx.info(`${ctx.color.green('✓')} ${await writeLabels(runs, options, ctx.io, ctx.progressStream, print)}`);
}

/** The JSON value in a file or stdin ("-"). */
async function readJson(io: IO, file: string): Promise<unknown> {
  let text: string;
  try {
    text = file === '-' ? await readAll(io.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--from ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--from ${file}: not valid JSON (${(error as Error).message})`);
  }
}
