/** inv locations labels [LOCATION…|--all]: a Code 128 bin label per location, on the layouts `inv labels` has. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { addOptions, switchOption } from '../../cli/option-kinds.js';
import { labelSheetOptions } from '../shared/label-file-options.js';
import { checkLabelFile, labelSettings, type LabelOptions } from '../../labels/write-labels.js';

export const meta: Meta = {
  name: 'labels',
  args: [['[location...]', 'locations to label, by id or name (or --all)']],
  summary: 'bin labels to print: a Code 128 barcode of each location (LOC-id), its name and type',
};

interface Flags {
  all?: boolean;
  layout?: string;
  start?: string;
  out?: string;
  format?: string;
  printer?: string | true;
  reprint?: boolean;
}

/** Which locations to label, and the label output once -o zpl is known. */
export interface LocationLabelsOptions {
  /** Ids or names, or undefined for every location. */
  refs?: string[];
  output(zpl: boolean, storedPrinter?: string): LabelOptions;
}

/** Options of `inv locations labels`. */
export function setup(command: Command): void {
  addOptions(command, {
    all: switchOption('--all', 'a label for every location'),
    ...labelSheetOptions(),
  });
  command.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  inv locations labels --all --out bins.pdf',
      '  inv locations labels "Shelf A1" 7 --layout thermal-2x1 -o zpl | lp -d zebra -o raw',
      '  inv locations labels --all --printer tcp://192.0.2.7:9100      # straight to a Zebra; a rerun sends nothing',
      '  inv config set labels.printer office-laser',
      '  inv locations labels --all --printer              # to labels.printer; the same job again is not resent',
      '',
      'A bin label holds LOC- and the location id; every scan mode and every location argument reads it.',
    ].join('\n'),
  );
}

/** The locations (or --all) and the label output, checked. */
export function parse([refs]: unknown[], flags: Flags): LocationLabelsOptions {
  const given = (refs as string[] | undefined) ?? [];
  if (flags.all && given.length > 0) throw new UsageError('give locations or --all, not both');
  if (!flags.all && given.length === 0) throw new UsageError('give the locations to label (ids or names), or --all');
  const output = (zpl: boolean, stored?: string) =>
    labelSettings({ ...flags, format: flags.format ?? (zpl ? 'zpl' : undefined) }, '', stored);
  return { refs: flags.all ? undefined : given, output };
}

/** Finds the locations and writes a label for each, in the order given (--all: by sort order). */
export async function run(ctx: Ctx, { refs, output }: LocationLabelsOptions): Promise<void> {
  const { stored, print } = await (await import('../shared/label-printing.js')).labelPrinting(ctx);
  const options = checkLabelFile(output(ctx.globals.zpl, stored), '--out');
  const [{ LocationNames }, { binRuns }, { writeLabels }] = await Promise.all([
    import('../../api/location-names.js'),
    import('../../labels/bin-labels.js'),
    import('../../labels/write-labels.js'),
  ]);
  const names = new LocationNames(await ctx.inventory());
  const locations = refs
    ? await Promise.all(refs.map((ref) => names.find(ref, 'location')))
    : [...(await names.list())].sort((a, b) => Number(a.order) - Number(b.order) || Number(a.id) - Number(b.id));
  if (locations.length === 0) throw new UsageError('there is no location to label', 'see `inv locations create`');
  await ctx.info(
    `${ctx.color.green('✓')} ${await writeLabels(binRuns(locations), options, ctx.io, ctx.progressStream, print)}`,
  );
}
