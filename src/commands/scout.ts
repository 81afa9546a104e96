/** inv scout: scan codes (terminal, stdin or a manifest file) and see buy or skip, with the profit and ROI of each. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Meta, Runner } from '../cli/command.js';
import { DELIMITER_HELP, wholeNumber } from '../cli/input.js';
import { scoutFromFlags, scoutFlagOptions, type ScoutCommandFlags } from './scout/shared.js';

interface Flags extends ScoutCommandFlags {
  file?: string;
  delimiter?: string;
  buyList?: string;
  mskuTemplate: string;
  cond: string;
  concurrency: string;
}

export const meta: Meta = { name: 'scout', summary: 'scan codes and see buy or skip: price, fees, profit, ROI and a verdict per scan (Ctrl-D ends with the tally)' };

/** Options and action of `inv scout` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--file <manifest>', 'scout a manifest CSV (code,cost[,qty]) instead of scans; resumable')
    .option('--delimiter <char>', `manifest: ${DELIMITER_HELP}`);
  scoutFlagOptions(command)
    .option('--buy-list <file>', 'append accepted scans to this CSV (for `inv items import`)')
    .option('--msku-template <template>', 'msku of buy-list rows ({asin}, {cond}, {code})', '{asin}-{cond}')
    .option('--cond <cond>', 'condition of buy-list rows', 'new')
    .option('--concurrency <n>', 'manifest rows in flight at most', '8')
    .addHelpText('after', '\nExamples:\n  inv scout --cost 5 --buy-list buys.csv\n  printf "B00X4WHP5E,4.50\\n012345678905 6\\n" | inv scout\n  inv scout --file manifest.csv --json > ranked.json')
    .action(
      run<Flags>(async (ctx, _args, flags) => {
        const concurrency = wholeNumber(flags.concurrency, '--concurrency', 1, 64)!;
        if (!/^[^,\n]{1,80}$/.test(flags.mskuTemplate)) throw new UsageError('--msku-template must be 1 to 80 characters without commas');
        const { scout, defaultCost } = await scoutFromFlags(ctx, flags);
        if (flags.file) {
          const { runManifestCommand } = await import('./scout/manifest.js');
          return runManifestCommand(ctx, scout, { file: flags.file, concurrency, defaultCost, delimiter: flags.delimiter });
        }
        const { runScanCommand } = await import('./scout/scan.js');
        await runScanCommand(ctx, scout, { defaultCost, buyList: flags.buyList, mskuTemplate: flags.mskuTemplate, cond: flags.cond });
      }),
    );
}
