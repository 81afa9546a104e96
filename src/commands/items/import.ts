/** inv items import FILE|-: bulk upsert from CSV or NDJSON, with progress on a terminal and a summary. */
import type { Command } from 'commander';
import { BatchIncompleteError, InterruptedError } from '../../errors.js';
import type { RowResult } from '../../batch/import-items.js';
import type { Runner } from '../../cli/command.js';
import { wholeNumber } from '../../cli/input.js';
import { jsonText } from '../../cli/output/render.js';
import type { View } from '../../cli/output/view.js';

interface ImportFlags {
  format?: string;
  concurrency: string;
}

const FAILURES_VIEW: View<RowResult> = {
  kind: 'list',
  fields: ['line', 'msku', 'status', 'error'],
  columns: [
    { key: 'line', header: 'line', align: 'right' },
    { key: 'msku', header: 'msku' },
    { key: 'status', header: 'status' },
    { key: 'error', header: 'error' },
  ],
};

/** Registers `inv items import`. */
export function register(items: Command, run: Runner): void {
  items
    .command('import')
    .description('create or overwrite items from a CSV (header row) or NDJSON file, or stdin')
    .argument('<file>', 'the file, or - for stdin')
    .option('--format <format>', 'csv or ndjson (default: from the extension, or the first character)')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .addHelpText('after', [
      '', 'CSV columns: msku,title,cond and any of inactive,productId,productIdType,manufacturer,image,type,notes,value,rank;',
      'attr.NAME columns become attributes. Rows are checked before they are sent; bad rows are reported, not sent.',
      '', 'Examples:', '  inv items import items.csv', '  inv items list --all -o ndjson | inv items import - --output ndjson',
    ].join('\n'))
    .action(
      run<ImportFlags>(async (ctx, [file], flags) => {
        const concurrency = wholeNumber(flags.concurrency, '--concurrency', 1, 64)!;
        const out = ctx.output(FAILURES_VIEW);
        const [{ readRows }, { importItems, checkItemColumns }, { Progress }] = await Promise.all([
          import('../../batch/input.js'), import('../../batch/import-items.js'), import('../../batch/progress.js'),
        ]);
        const client = await ctx.inventory();
        const rows = readRows(file as string, ctx.io.stdin, { format: flags.format, header: checkItemColumns });
        const progress = new Progress('importing items', ctx.progressStream);
        const failures: RowResult[] = [];
        const ndjson = ctx.globals.output === 'ndjson';
        const { stopped } = await importItems({
          rows, client, concurrency, signal: ctx.io.signal,
          async onResult(result) {
            progress.tick(result.status === 'ok' ? 'done' : result.status === 'in-doubt' ? 'inDoubt' : 'failed');
            if (result.status !== 'ok') failures.push(result);
            if (ndjson) await ctx.io.out.write(JSON.stringify(result) + '\n');
          },
        }).finally(() => progress.finish());
        const { done, failed, inDoubt } = progress.counts;
        const summary = { total: done + failed + inDoubt, imported: done, failed, inDoubt, stopped, seconds: Number(progress.seconds.toFixed(2)) };
        if (ctx.globals.output === 'json') await ctx.io.out.write(jsonText({ ...summary, failures }, ctx.io) + '\n');
        else if (!ndjson && failures.length > 0) await out.render(failures);
        await ctx.info(`${failed + inDoubt === 0 ? ctx.color.green('✓') : ctx.color.yellow('!')} ${done} imported, ${failed} failed, ${inDoubt} in doubt in ${summary.seconds} s${stopped ? ' (stopped early)' : ''}`);
        if (stopped) throw new InterruptedError();
        if (failed + inDoubt > 0) throw new BatchIncompleteError(`${failed + inDoubt} of ${summary.total} rows were not imported`, 'fix the rows listed and import them again; importing is an upsert, so rows already done can be sent again');
      }),
    );
}
