/** inv items import FILE|-: bulk upsert from CSV or NDJSON, run as a journaled batch. */
import type { Command } from 'commander';
import type { RowResult } from '../../batch/batch-types.js';
import type { Meta, Runner } from '../../cli/command.js';
import { DELIMITER_HELP } from '../../cli/input.js';
import type { View } from '../../cli/output/view.js';
import type { BatchRequestFlags } from '../batch/shared.js';
import { INPUT_FORMATS } from '../../batch/batch-types.js';
import { offer } from '../../cli/completion/tree.js';

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

export const meta: Meta = { name: 'import', args: [['<file>', 'the file, or - for stdin']], summary: 'create or overwrite items from a CSV (header row) or NDJSON file, or stdin' };

/** Options and action of `inv items import` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--format <format>', 'csv or ndjson (default: from the extension, or the first character)')
    .option('--encoding <encoding>', 'the file\'s encoding when not UTF-8: windows-1252 or latin1')
    .option('--delimiter <char>', DELIMITER_HELP)
    .option('--batch <name>', 'name the batch (default: the file\'s absolute path); a new name imports rows already done again')
    .option('--retry-in-doubt', 'send again the rows an earlier run sent without an answer (asks; --yes in scripts)')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .addHelpText('after', [
      '', 'CSV columns: msku,title,cond and any of inactive,productId,productIdType,manufacturer,image,type,notes,value,rank;',
      'attr.NAME columns become attributes. The whole file is checked before anything is sent. An import is a batch',
      '(see `inv batch`): rerun it to finish it; a finished import is not run again unless given a new --batch name.',
      '', 'Examples:', '  inv items import items.csv', '  inv items list --all -o ndjson | inv items import - --output ndjson',
    ].join('\n'))
    .action(
      run<BatchRequestFlags>(async (ctx, [file], flags) => {
        const [{ runItemImport }, { batchEnv, batchRequest, renderOutcome }] = await Promise.all([import('../../batch/import-items.js'), import('../batch/shared.js')]);
        const request = batchRequest(file as string, flags);
        const out = ctx.output(FAILURES_VIEW);
        await renderOutcome(ctx, out, await runItemImport(request, await batchEnv(ctx)));
      }),
    );
  offer(command, '--format', INPUT_FORMATS);
}
