/** `inv scout --file`: a manifest scouted with progress, then every result ranked by profit (table, JSON or NDJSON). */
import { setMaxListeners } from 'node:events';
import { resolve } from 'node:path';
import { InterruptedError } from '../../errors.js';
import type { Ctx } from '../../cli/context.js';
import { money } from '../../util/format.js';
import type { View } from '../../cli/output/view.js';
import { Progress } from '../../batch/progress.js';
import { stateDir } from '../../config/paths.js';
import type { AnswerPolicy } from '../../scout/answer-cache.js';
import type { Scout } from '../../scout/scan-engine.js';
import { answersFile, FileAnswers } from '../../scout/answers.js';
import { scoutManifest, type ManifestResult } from '../../scout/manifest-scout.js';
import { truncate } from '../../util/format.js';

/** Manifest results ranked by profit. */
export const MANIFEST_VIEW: View<ManifestResult> = {
  kind: 'list',
  fields: [
    'line',
    'code',
    'qty',
    'asin',
    'title',
    'rank',
    'category',
    'weight',
    'price',
    'priceSource',
    'fees',
    'feesSource',
    'cost',
    'prep',
    'inbound',
    'tax',
    'profit',
    'roi',
    'margin',
    'verdict',
    'reasons',
    'kind',
  ],
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

/** The answers kept for the research account and origin in force, read back while younger than `maxAgeMs`. */
export async function manifestAnswers(
  ctx: Ctx,
  maxAgeMs: number,
  refresh: boolean,
): Promise<AnswerPolicy & { store: FileAnswers }> {
  const settings = await ctx.settings();
  const origin = settings.research.origin ?? (settings.researchUrl ? new URL(settings.researchUrl).origin : '');
  return {
    store: new FileAnswers(answersFile(stateDir(ctx.io.env), settings.research.clientId ?? '', origin)),
    maxAgeMs,
    refresh,
  };
}

/** "42 s", "12 min", "3 h", "2 d": how old an answer is. */
function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 120
    ? `${s} s`
    : s < 7200
      ? `${Math.round(s / 60)} min`
      : s < 172_800
        ? `${Math.round(s / 3600)} h`
        : `${Math.round(s / 86_400)} d`;
}

/** Runs the manifest and renders the ranked results; Ctrl-C stops taking rows, keeps the answers and exits 130. */
export async function runManifestCommand(
  ctx: Ctx,
  scout: Scout,
  answers: AnswerPolicy & { store: FileAnswers },
  options: { file: string; concurrency: number; defaultCost?: number; delimiter?: string },
): Promise<void> {
  const out = ctx.output(MANIFEST_VIEW);
  // Every read in flight listens for Ctrl-C on the one signal: a few per row.
  setMaxListeners(options.concurrency * 4 + 10, ctx.io.signal);
  const progress = new Progress('scout', ctx.progressStream);
  const file = options.file === '-' ? '-' : resolve(options.file);
  let run;
  try {
    run = await scoutManifest(scout, {
      file,
      concurrency: options.concurrency,
      defaultCost: options.defaultCost,
      delimiter: options.delimiter,
      signal: ctx.io.signal,
      stdin: ctx.io.stdin,
      skipped: (count) => void ctx.info(`${options.file}: skipped ${count} empty row(s)`),
      onRow: (_r, fresh) => progress.tick(fresh ? 'done' : 'skipped'),
    });
  } finally {
    progress.finish();
    await answers.store.close();
  }
  await out.render(run.results);
  const buys = run.results.filter((r) => r.verdict === 'buy').length;
  const cache =
    run.oldest === undefined
      ? `${run.cached} rows from the cache`
      : `${run.cached} rows from the cache, oldest answer ${age(Date.now() - run.oldest)} old`;
  const seconds = progress.seconds.toFixed(1);
  await ctx.info(
    `scouted ${run.results.length} results (${cache}; ${buys} to buy) in ${seconds} s; answers kept in ${answers.store.path}`,
  );
  if (run.stopped)
    throw new InterruptedError(
      'interrupted: run the same command again to finish the manifest (answered rows are not asked again)',
    );
}
