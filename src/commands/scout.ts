/** inv scout: scan codes (terminal, stdin or a manifest file) and see buy or skip, with the profit and ROI of each. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { DELIMITER_HELP } from '../cli/request-body.js';
import { choiceOption, fileOption } from '../cli/option-kinds.js';
import { numberOption } from '../cli/option-numbers.js';
import { SORT_KEYS, type SortKey } from '../scout/lot.js';
import {
  parseMaxAge,
  parseScoutPricing,
  scoutFlagOptions,
  scoutFromPricing,
  type ScoutCommandFlags,
  type ScoutPricing,
} from './scout/scout-flags.js';

/** What commander reads for `inv scout`. */
interface Flags extends ScoutCommandFlags {
  file?: string;
  delimiter?: string;
  buyList?: string;
  mskuTemplate: string;
  cond: string;
  concurrency: number;
  maxAge: string;
  refresh?: boolean;
  sort: SortKey;
  report?: string;
  open?: boolean;
}

/** A scout of scans, or of a manifest (--file) with its answers kept; priced and costed as asked. */
export interface ScoutCommandOptions extends ScoutPricing {
  file: string | undefined;
  delimiter: string | undefined;
  /** How old a kept answer may be and still be used (manifest only). */
  maxAgeMs: number;
  refresh: boolean;
  buyList: string | undefined;
  mskuTemplate: string;
  cond: string;
  concurrency: number;
  /** Manifest only: how lines are ranked, the HTML report to write, and whether to open it. */
  sort: SortKey;
  report: string | undefined;
  open: boolean;
}

export const meta: Meta = {
  name: 'scout',
  summary:
    'scan codes and see buy or skip: price, fees, profit, ROI and a verdict per scan (Ctrl-D ends with the tally)',
};

/** Options of `inv scout`. */
export function setup(command: Command): void {
  command
    .addOption(fileOption('--file <manifest>', 'scout a manifest CSV (code,cost[,qty]) instead of scans; resumable'))
    .option(
      '--max-age <age>',
      'with --file: reuse research answers younger than this (90s, 30m, 1h, 2d; 0 asks everything)',
      '1h',
    )
    .option('--refresh', 'with --file: ask for every answer again')
    .option('--delimiter <char>', `manifest: ${DELIMITER_HELP}`)
    .addOption(
      choiceOption(
        '--sort <key>',
        'with --file: rank lines by line profit (qty × profit), ROI, sales rank or unit profit',
        SORT_KEYS,
      ).default('profit'),
    )
    .addOption(
      fileOption('--report <file.html>', 'with --file: write the lot as one self-contained HTML page (charts, table)'),
    )
    .option('--open', 'with --report: open the report in the browser');
  scoutFlagOptions(command)
    .addOption(
      fileOption(
        '--buy-list <file>',
        'accepted scans as CSV for `inv items import`: appended by the scan loop, written whole with --file (with qty)',
      ),
    )
    .option('--msku-template <template>', 'msku of buy-list rows ({asin}, {cond}, {code})', '{asin}-{cond}')
    .option('--cond <cond>', 'condition of buy-list rows', 'new')
    .addOption(numberOption('--concurrency <n>', 'manifest rows in flight at most', { min: 1, max: 64 }).default(8))
    .addHelpText(
      'after',
      [
        '',
        'With --file, the research answers (offers, fees per price) are kept per research account and origin with their time;',
        'a rerun asks only for what is missing or older than --max-age, and works out prices, profit and verdicts afresh from',
        'the options and scout.* rules in force.',
        '',
        'Examples:',
        '  inv scout --cost 5 --buy-list buys.csv',
        '  printf "B00X4WHP5E,4.50\\n012345678905 6\\n" | inv scout',
        '  inv scout --file manifest.csv --json > ranked.json',
        '  inv scout --file manifest.csv --buy-list buys.csv --report lot.html --open',
        '  inv scout --file manifest.csv --sort roi -o wide',
        '  inv scout --file manifest.csv --at 5.00 --max-age 15m',
      ].join('\n'),
    );
}

/** The flags checked: limits, the template, --max-age and --refresh only with --file, the pricing and amounts. */
export function parse(_args: unknown[], flags: Flags): ScoutCommandOptions {
  const { concurrency } = flags;
  if (!/^[^,\n]{1,80}$/.test(flags.mskuTemplate))
    throw new UsageError('--msku-template must be 1 to 80 characters without commas');
  if (!flags.file && (flags.refresh || flags.maxAge !== '1h'))
    throw new UsageError('--max-age and --refresh go with --file');
  if (!flags.file && (flags.report !== undefined || flags.sort !== 'profit'))
    throw new UsageError('--sort and --report go with --file', 'e.g. inv scout --file manifest.csv --report lot.html');
  if (flags.open && flags.report === undefined)
    throw new UsageError(
      '--open opens the report: give --report FILE.html too',
      'e.g. inv scout --file manifest.csv --report lot.html --open',
    );
  return {
    ...parseScoutPricing(flags),
    file: flags.file,
    delimiter: flags.delimiter,
    maxAgeMs: parseMaxAge(flags.maxAge),
    refresh: Boolean(flags.refresh),
    buyList: flags.buyList,
    mskuTemplate: flags.mskuTemplate,
    cond: flags.cond,
    concurrency,
    sort: flags.sort,
    report: flags.report,
    open: Boolean(flags.open),
  };
}

/** Scouts the manifest (ranked results), or the scans as they come (a verdict each, then the tally). */
export async function run(ctx: Ctx, options: ScoutCommandOptions): Promise<void> {
  if (options.file) {
    const { runManifestCommand, manifestAnswers } = await import('./scout/manifest-mode.js');
    // A manifest is scouted as a batch is sent: the research API is waited for up to --wait, 10 minutes by default.
    ctx.waitAsBatch();
    const answers = await manifestAnswers(ctx, options.maxAgeMs, options.refresh);
    const { scout, defaultCost } = await scoutFromPricing(ctx, options, answers);
    return runManifestCommand(ctx, scout, answers, { ...options, file: options.file, defaultCost });
  }
  const { scout, defaultCost } = await scoutFromPricing(ctx, options);
  const { runScanCommand } = await import('./scout/scan-loop.js');
  await runScanCommand(ctx, scout, {
    defaultCost,
    buyList: options.buyList,
    naming: { template: options.mskuTemplate, cond: options.cond },
  });
}
