/** `inv scout --file`: a manifest scouted with progress, then every result ranked by profit (table, JSON or NDJSON). */
import { setMaxListeners } from 'node:events';
import { resolve } from 'node:path';
import { InterruptedError } from '../../errors.js';
import type { Ctx } from '../../cli/context.js';
import { money } from '../../cli/output/format.js';
import type { View } from '../../cli/output/view.js';
import { Progress } from '../../batch/progress.js';
import { stateDir } from '../../config/paths.js';
import type { Scout } from '../../scout/engine.js';
import { scoutManifest, type ManifestResult } from '../../scout/manifest.js';
import { truncate } from '../../cli/output/format.js';

/** Manifest results ranked by profit. */
export const MANIFEST_VIEW: View<ManifestResult> = {
  kind: 'list',
  fields: ['line', 'code', 'qty', 'asin', 'title', 'rank', 'category', 'weight', 'price', 'priceSource', 'fees', 'feesSource', 'cost', 'prep', 'inbound', 'tax', 'profit', 'roi', 'margin', 'verdict', 'reasons', 'kind'],
  columns: [
    { key: 'line', header: 'line', align: 'right' },
    { key: 'code', header: 'code' },
    { key: 'asin', header: 'asin' },
    { key: 'title', header: 'title', format: (v) => truncate(String(v ?? ''), 40) },
    { key: 'rank', header: 'rank', align: 'right' },
    { key: 'price', header: 'price', format: money, align: 'right' },
    { key: 'fees', header: 'fees', format: money, align: 'right' },
    { key: 'cost', header: 'cost', format: money, align: 'right' },
    { key: 'profit', header: 'profit', format: money, align: 'right' },
    { key: 'roi', header: 'roi %', align: 'right' },
    { key: 'qty', header: 'qty', align: 'right' },
    { key: 'verdict', header: 'verdict' },
    { key: 'reasons', header: 'why', format: (v) => truncate((v as string[] | undefined)?.join('; ') ?? '', 50) },
  ],
};

/** Runs the manifest and renders the ranked results; Ctrl-C stops taking rows, keeps the journal and exits 130. */
export async function runManifestCommand(ctx: Ctx, scout: Scout, options: { file: string; concurrency: number; defaultCost?: number; delimiter?: string }): Promise<void> {
  const out = ctx.output(MANIFEST_VIEW);
  // Every read in flight listens for Ctrl-C on the one signal: a few per row.
  setMaxListeners(options.concurrency * 4 + 10, ctx.io.signal);
  const settings = await ctx.settings();
  const progress = new Progress('scout', ctx.progressStream);
  const file = options.file === '-' ? '-' : resolve(options.file);
  const run = await scoutManifest(scout, {
    file, concurrency: options.concurrency, defaultCost: options.defaultCost, delimiter: options.delimiter, signal: ctx.io.signal, stdin: ctx.io.stdin,
    stateDir: stateDir(ctx.io.env), scope: `${settings.profile}\0${settings.researchUrl ?? ''}`,
    onRow: (_r, fresh) => progress.tick(fresh ? 'done' : 'skipped'),
    skipped: (count) => void ctx.info(`${options.file}: skipped ${count} empty row(s)`),
  });
  progress.finish();
  await out.render(run.results);
  const buys = run.results.filter((r) => r.verdict === 'buy').length;
  await ctx.info(`scouted ${run.results.length} results (${run.resumed} rows from the journal, ${buys} to buy) in ${progress.seconds.toFixed(1)} s; journal ${run.journal}`);
  if (run.stopped) throw new InterruptedError('interrupted: run the same command again to finish the manifest (answered rows are not asked again)');
}
