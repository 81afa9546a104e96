/** inv labels: printable FNSKU labels, one per unit: PDF sheets or thermal rolls, or ZPL for Zebra printers. */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Meta, Runner } from '../cli/command.js';
import { readAll, type IO } from '../util/io.js';
import { wholeNumber } from '../cli/request-body.js';
import { LABEL_FORMATS, LAYOUT_NAMES } from '../labels/layouts.js';
import { offer } from '../cli/completion/tree.js';

interface Flags {
  count?: string;
  layout?: string;
  start?: string;
  out?: string;
  format?: string;
  from?: string;
}

export const meta: Meta = {
  name: 'labels',
  args: [
    ['[msku]', 'the item (its title and condition go on the label)'],
    ['[fnsku]', 'its fulfillment-network SKU (X000…), drawn as a Code 128 barcode'],
  ],
  summary: 'FNSKU labels to print, one per unit: PDF sheets (avery-5160, a4-24), thermal PDF, or ZPL',
};

/** Options and action of `inv labels` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--count <n>', 'how many labels (one per unit)')
    .option('--layout <layout>', `${LAYOUT_NAMES.join(', ')} (default: avery-5160; thermal-2.25x1.25 for ZPL)`)
    .option('--start <k>', 'position of the first label on the first sheet (a partly used sheet), from 1')
    .option('--out <file>', 'write to this file (PDF needs one; ZPL goes to stdout without it)')
    .option('--format <format>', "pdf or zpl (default: from --out's extension, else pdf; -o zpl also works)")
    .option(
      '--from <file>',
      'the labels of a saved `inv send-to-fba --json` output ("-" for stdin): a heading label per shipment, then its units',
    )
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  inv labels MUG-BLUE-11OZ X000BB05CA --count 24 --layout avery-5160 --out mug.pdf',
        '  inv labels MUG-BLUE-11OZ X000BB05CA --count 3 --start 29 --out mug.pdf   # last 2 places of a used sheet, then a new one',
        '  inv labels MUG-BLUE-11OZ X000BB05CA --count 24 -o zpl | lp -d zebra -o raw',
        '  inv send-to-fba MUG-BLUE-11OZ 24 --from "Shelf A1" --json > sent.json && inv labels --from sent.json --out sent.pdf',
      ].join('\n'),
    )
    .action(
      run<Flags>(async (ctx, [msku, fnsku], flags) => {
        const { labelOptions, writeLabels } = await import('../labels/write-labels.js');
        const options = labelOptions({ ...flags, format: flags.format ?? (ctx.globals.zpl ? 'zpl' : undefined) });
        const { checkFnsku, unitRun } = await import('../labels/content.js');
        const { itemFacts } = await import('../labels/label-items.js');
        let runs;
        if (flags.from !== undefined) {
          if (msku !== undefined || flags.count !== undefined)
            throw new UsageError(
              '--from takes the items and counts from the file: give no msku, fnsku or --count with it',
            );
          const { shipmentUnits, shipmentRuns } = await import('../labels/shipment-labels.js');
          const shipments = shipmentUnits(await readJson(ctx.io, flags.from), `--from ${flags.from}`);
          runs = shipmentRuns(
            shipments,
            await itemFacts(
              await ctx.inventory(),
              shipments.map((s) => s.msku),
            ),
          );
        } else {
          if (msku === undefined || fnsku === undefined)
            throw new UsageError('give the msku and fnsku to label (or --from a saved send-to-fba result)');
          checkFnsku(fnsku as string);
          const count = wholeNumber(flags.count, '--count', 1, 100_000, 'labels');
          if (count === undefined) throw new UsageError('--count is required: how many labels (one per unit)');
          const facts = await itemFacts(await ctx.inventory(), [msku as string]);
          runs = [unitRun(fnsku as string, facts.get(msku as string)!, count)];
        }
        await ctx.info(`${ctx.color.green('✓')} ${await writeLabels(runs, options, ctx.io, ctx.progressStream)}`);
      }),
    );
  offer(command, '--format', LABEL_FORMATS);
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
