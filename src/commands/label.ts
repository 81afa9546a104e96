/** inv label MSKU FNSKU: the label URL; --out FILE saves the image, --open shows it in the browser. */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Meta, Runner } from '../cli/command.js';
import { mskuArg, wholeNumber } from '../cli/request-body.js';

export const meta: Meta = {
  name: 'label',
  args: [
    ['<msku>', 'the item'],
    ['<fnsku>', 'its fulfillment-network SKU (X000…)'],
  ],
  summary: 'the FNSKU label of an item: print its URL, save it (--out) or open it (--open)',
};

/** Options and action of `inv label` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--out <file>', 'save the label image to this file')
    .option('--open', 'open the label in the browser')
    .option('--url', 'print the label URL (the default on a terminal; in a pipe the image itself is written)')
    .option('--width <px>', 'limit the label width')
    .option('--height <px>', 'limit the label height')
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
    )
    .action(
      run<{ out?: string; open?: boolean; url?: boolean; width?: string; height?: string }>(
        async (ctx, [mskuText, fnsku], flags) => {
          const msku = mskuArg(mskuText);
          if (!/^X0[0-9A-Z]{8}$/.test(fnsku as string))
            throw new UsageError(
              `fnsku "${String(fnsku)}" must look like X000ABC123 (10 letters or digits, starting X0)`,
            );
          const size = {
            width: wholeNumber(flags.width, '--width', 50, 4000, 'pixels'),
            height: wholeNumber(flags.height, '--height', 50, 4000, 'pixels'),
          };
          const client = await ctx.inventory();
          const url = client.labelUrl(msku, fnsku as string, size);
          if (flags.out) {
            const { bytes, contentType } = await client.label(url);
            await writeFile(flags.out, bytes);
            await ctx.info(
              `${ctx.color.green('✓')} label saved to ${flags.out} (${contentType}, ${bytes.length} bytes)`,
            );
          }
          if (flags.open) {
            await ctx.browser.open(url.href);
          }
          if (flags.out || flags.open) return;
          const bytes = ctx.io.out.bytes?.bind(ctx.io.out);
          if (flags.url || ctx.io.stdoutIsTTY || !bytes) return void (await ctx.io.out.write(url.href + '\n'));
          await bytes((await client.label(url)).bytes);
        },
      ),
    );
}
