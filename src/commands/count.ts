/** inv count LOCATION --scan|--file FILE: a cycle count of a bin; the differences shown, then set once on confirmation. */
import type { Command } from 'commander';
import { InvError, UsageError } from '../errors.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { jsonText } from '../cli/output/render.js';
import { addOptions, fileOption, switchOption } from '../cli/option-kinds.js';
import { ROW_RESULTS_VIEW } from './shared/row-results-view.js';

export const meta: Meta = {
  name: 'count',
  args: [['<location>', 'the bin counted: id, name or scanned bin code (LOC-id)']],
  summary: 'count a bin by scanner or from a file, see the differences, and set them once (journaled like a batch)',
};

/** What `inv count` counts, and from what. */
export interface CountOptions {
  location: string;
  /** A CSV of code,quantity ("-" for stdin); absent: scans. */
  file?: string;
}

/** Options of `inv count`. */
export function setup(command: Command): void {
  addOptions(command, {
    scan: switchOption(
      '--scan',
      'scan each unit (a terminal; else the codes one a line from stdin, an empty line ends)',
    ),
    file: fileOption('--file <file>', 'the count as CSV with columns code,quantity ("-" for stdin)'),
  });
  command.addHelpText(
    'after',
    [
      '',
      'Examples:',
      '  inv count "Shelf A1" --scan                     # scan each unit; 12 after a scan: 12 of it; empty line ends',
      '  inv count LOC-1 --file counts.csv --yes         # code,quantity rows (msku, FNSKU or UPC/EAN)',
      '  printf "X000BB05CA\\n24\\n\\n" | inv count 1 --scan --yes --json',
      '',
      'What the bin held is read when the count starts; an msku held but not counted is counted 0. Before anything',
      'is set the bin is read again: if it changed meanwhile the count is refused (exit 1) and nothing is set.',
    ].join('\n'),
  );
}

/** The bin and the source of the count, checked. */
export function parse([location]: unknown[], flags: { scan?: boolean; file?: string }): CountOptions {
  if (flags.scan && flags.file !== undefined) throw new UsageError('give --scan or --file, not both');
  if (!flags.scan && flags.file === undefined) throw new UsageError('give --scan (a scanner) or --file counts.csv');
  return { location: String(location), file: flags.file };
}

/** Reads the bin, takes the count, shows the differences and, confirmed and the bin unchanged, sets them as a batch. */
export async function run(ctx: Ctx, options: CountOptions): Promise<void> {
  const out = ctx.output(ROW_RESULTS_VIEW);
  const client = await ctx.inventory();
  const [{ LocationNames }, plan, { countCodes }, { itemFnsku }, { binCode }] = await Promise.all([
    import('../api/location-names.js'),
    import('../count/count-plan.js'),
    import('../count/count-codes.js'),
    import('../api/shipments.js'),
    import('../api/bin-code.js'),
  ]);
  const location = await new LocationNames(client).find(options.location, 'location');
  const startedAt = new Date(ctx.now()).toISOString();
  const start = await plan.readBin(client, location.id);
  const fnskus = new Map(
    await Promise.all([...start.keys()].map(async (m) => [m, await itemFnsku(client, m)] as const)),
  );
  const codes = await countCodes(client, fnskus);
  const counted =
    options.file !== undefined
      ? await (await import('../count/count-file.js')).readCountFile(options.file, ctx.io.stdin, codes)
      : await (await import('./shared/count-scan.js')).scanCount(ctx, location, start, codes);
  const diffs = plan.differences(start, counted);
  const where = `${location.display} (${binCode(location.id)})`;
  if (diffs.length === 0) {
    if (ctx.globals.output === 'json')
      await ctx.io.out.write(jsonText({ outcome: 'matched', location: location.id, differences: [] }, ctx.io) + '\n');
    await ctx.info(`${ctx.color.green('✓')} the count of ${where} matches the server: nothing to set`);
    return;
  }
  const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
  await ctx.info(
    [
      `differences in ${where}, server → counted:`,
      ...diffs.map((d) => `  ${d.msku}  ${d.before} → ${d.counted}  (${sign(d.counted - d.before)})`),
    ].join('\n'),
  );
  await plan.checkUnchanged(client, location, start);
  if (!(await ctx.confirm(`Set ${diffs.length} position(s) of ${location.display} to the count?`)))
    throw new InvError('not set: the answer was no');
  await plan.checkUnchanged(client, location, start);
  const [{ runCountBatch }, { batchEnv, runAndRender }] = await Promise.all([
    import('../batch/counts/count-batch.js'),
    import('./batch/batch-command.js'),
  ]);
  await runAndRender(ctx, out, async () =>
    runCountBatch(location, startedAt, diffs, await batchEnv(ctx, 'POST /v1/itemLocations')),
  );
}
