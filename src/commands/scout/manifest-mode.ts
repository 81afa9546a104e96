/**
 * `inv scout --file`: a manifest scouted with progress, then its lines ranked with the lot's totals (a table and a
 * summary, JSON with the totals, or the lines alone), its buy list and its HTML report.
 */
import { setMaxListeners } from 'node:events';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InterruptedError, RateLimitError } from '../../errors.js';
import type { Ctx } from '../../cli/ctx.js';
import { project } from '../../cli/output/view.js';
import { jsonText } from '../../cli/output/render.js';
import { Progress } from '../../batch/views/progress.js';
import { stateDir } from '../../config/paths.js';
import type { AnswerPolicy } from '../../scout/answer-cache.js';
import type { Scout } from '../../scout/scan-engine.js';
import { answersFile, FileAnswers } from '../../scout/answers.js';
import { buyRows, writeBuyList, type BuyNaming } from '../../scout/buy-list.js';
import { linesOnce, lotOf, type Lot, type SortKey } from '../../scout/lot.js';
import { notScouted, scoutManifest } from '../../scout/manifest-scout.js';
import { checkWritable } from '../../util/writable.js';
import { money } from '../../util/format.js';
import { noBrowserHere } from '../../cli/browser.js';
import { figuresText, MANIFEST_VIEW, summaryBlock } from './manifest-view.js';

/** What a manifest run is asked for beside the scouting itself. */
export interface ManifestCommandOptions {
  file: string;
  concurrency: number;
  defaultCost?: number;
  delimiter?: string;
  sort: SortKey;
  buyList?: string;
  mskuTemplate: string;
  cond: string;
  report?: string;
  open: boolean;
}

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

/**
 * Runs the manifest, renders the ranked lines and the totals, and writes the buy list and the report; Ctrl-C stops
 * taking rows, keeps the answers, shows what was scouted, writes no file and exits 130.
 */
export async function runManifestCommand(
  ctx: Ctx,
  scout: Scout,
  answers: AnswerPolicy & { store: FileAnswers },
  options: ManifestCommandOptions,
): Promise<void> {
  const out = ctx.output(MANIFEST_VIEW);
  if (options.buyList !== undefined) checkWritable(options.buyList, '--buy-list', './buys.csv');
  if (options.report !== undefined) checkWritable(options.report, '--report', './lot.html');
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
  const lot = lotOf(run.results, options.sort);
  await renderLot(ctx, out, lot);
  const cache =
    run.oldest === undefined
      ? `${run.cached} rows from the cache`
      : `${run.cached} rows from the cache, oldest answer ${age(Date.now() - run.oldest)} old`;
  const seconds = progress.seconds.toFixed(1);
  await ctx.info(
    `scouted ${run.results.length} results (${cache}; ${lot.accepted.lines} to buy) in ${seconds} s; ` +
      `answers kept in ${answers.store.path}`,
  );
  const unwritten =
    options.buyList || options.report ? '; the buy list and the report are written once it is finished' : '';
  if (run.stopped)
    throw new InterruptedError(
      'interrupted: run the same command again to finish the manifest (answered rows are not asked again)' + unwritten,
    );
  if (run.refused)
    throw new RateLimitError(
      `${run.refused.error.message}; --wait ran out, ${notScouted(run.refused)}`,
      'run the same command again later, or with a longer --wait, to finish the manifest (answered rows are not asked again)' +
        unwritten,
    );
  await writeOutputs(ctx, scout, lot, options);
}

/** The lines in the format asked for: JSON with the totals, a table with the summary below, or the lines alone. */
async function renderLot(ctx: Ctx, out: ReturnType<Ctx['output']>, lot: Lot): Promise<void> {
  const { fields, output } = ctx.globals;
  if (output === 'json') {
    const lines = fields ? lot.lines.map((l) => project(l, fields)) : lot.lines;
    await ctx.io.out.write(jsonText({ sort: lot.sort, lot: lot.lot, accepted: lot.accepted, lines }, ctx.io) + '\n');
    return;
  }
  await out.render(lot.lines);
  if (output === 'table') await ctx.io.out.write(`\n${summaryBlock(lot)}\n`);
  else await ctx.info(`lot: ${figuresText(lot.lot)}; to buy: ${figuresText(lot.accepted)}`);
}

/** Writes the buy list and the report asked for, and opens the report when asked. */
async function writeOutputs(ctx: Ctx, scout: Scout, lot: Lot, options: ManifestCommandOptions): Promise<void> {
  const naming: BuyNaming = { template: options.mskuTemplate, cond: options.cond };
  if (options.buyList !== undefined) {
    const rows = buyRows(linesOnce(lot.lines.filter((l) => l.verdict === 'buy')), naming);
    await writeBuyList(options.buyList, rows);
    await ctx.info(`buy list: ${rows.length} row(s), ${lot.accepted.units} unit(s) in ${options.buyList}`);
  }
  if (options.report === undefined) return;
  const { writeReport } = await import('../../scout/report/write-report.js');
  const { at, rules } = scout.options;
  const context = {
    manifest: options.file,
    rules,
    at: typeof at === 'object' ? money(at.fixed) : at,
    made: new Date(),
  };
  const { bytes } = await writeReport(options.report, lot, context);
  const url = pathToFileURL(resolve(options.report)).href;
  await ctx.info(`report: ${options.report} (${Math.round(bytes / 1024)} KB)`);
  if (!options.open) return;
  // The report is written: a browser that cannot be started is said, not an error.
  if (noBrowserHere(ctx.io.env)) return void (await ctx.info(`no browser here: open ${url} on a machine with one`));
  await ctx.browser
    .open(url, { page: true })
    .catch((error: Error) => ctx.info(`could not open a browser (${error.message}): open ${url}`));
}
