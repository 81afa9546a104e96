/** inv label MSKU FNSKU: the label URL; --out FILE saves the image, --open shows it in the browser. */
import { fileOption } from '../cli/option-kinds.js';
import { numberOption } from '../cli/option-numbers.js';
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { mskuArg } from '../cli/request-body.js';

export const meta: Meta = {
  name: 'label',
  args: [
    ['<msku>', 'the item'],
    ['<fnsku>', 'its fulfillment-network SKU (X000…)'],
  ],
  summary: 'the FNSKU label of an item: print its URL, save it (--out) or open it (--open)',
};

interface LabelFlags {
  out?: string;
  open?: boolean;
  url?: boolean;
  width?: number;
  height?: number;
}

/** Which label, how large, and where it goes: a file, the browser, or stdout (its URL, or the image in a pipe). */
export interface LabelCommandOptions {
  msku: string;
  fnsku: string;
  size: { width: number | undefined; height: number | undefined };
  out: string | undefined;
  open: boolean;
  url: boolean;
}

/** Options of `inv label` (declared from `meta`). */
export function setup(command: Command): void {
  command
    .addOption(fileOption('--out <file>', 'save the label image to this file'))
    .option('--open', 'open the label in the browser')
    .option('--url', 'print the label URL (the default on a terminal; in a pipe the image itself is written)')
    .addOption(numberOption('--width <px>', 'limit the label width', { min: 50, max: 4000, unit: 'pixels' }))
    .addOption(numberOption('--height <px>', 'limit the label height', { min: 50, max: 4000, unit: 'pixels' }))
    .addHelpText(
      'after',
      [
        '',
        "Examples (the sandbox's demo item and its fnsku; send-to-fba and shipments show print an item's fnsku):",
        '  inv label MUG-BLUE-11OZ X000BB05CA --out mug-label.png',
        '  inv label MUG-BLUE-11OZ X000BB05CA > mug-label.png',
        '  inv label MUG-BLUE-11OZ X000BB05CA --open --width 400',
        '',
        'On a terminal it prints the label URL; in a pipe or redirected to a file it writes the PNG (--url for the URL).',
      ].join('\n'),
    );
}

/** The item, its fnsku and the size, each checked. */
export function parse([msku, fnsku]: unknown[], flags: LabelFlags): LabelCommandOptions {
  const item = mskuArg(msku);
  if (!/^X0[0-9A-Z]{8}$/.test(fnsku as string))
    throw new UsageError(`fnsku "${String(fnsku)}" must look like X000ABC123 (10 letters or digits, starting X0)`);
  return {
    msku: item,
    fnsku: fnsku as string,
    size: {
      width: flags.width,
      height: flags.height,
    },
    out: flags.out,
    open: Boolean(flags.open),
    url: Boolean(flags.url),
  };
}

/** Saves, opens or prints the label. */
export async function run(ctx: Ctx, options: LabelCommandOptions): Promise<void> {
  const client = await ctx.inventory();
  const url = client.labelUrl(options.msku, options.fnsku, options.size);
  if (options.out) {
    const { bytes, contentType } = await client.label(url);
    await writeFile(options.out, bytes);
    await ctx.info(`${ctx.color.green('✓')} label saved to ${options.out} (${contentType}, ${bytes.length} bytes)`);
  }
  if (options.open) await (await import('./shared/open-urls.js')).openUrls(ctx, [url.href]);
  if (options.out || options.open) return;
  const bytes = ctx.io.out.bytes?.bind(ctx.io.out);
  if (options.url || ctx.io.stdoutIsTTY || !bytes) return void (await ctx.io.out.write(url.href + '\n'));
  await bytes((await client.label(url)).bytes);
}
