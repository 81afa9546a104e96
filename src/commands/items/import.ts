/** inv items import FILE|-: bulk upsert from CSV or NDJSON, run as a journaled batch. */
import type { Command } from 'commander';
import type { BatchRequest, RowResult } from '../../batch/batch-types.js';
import { againOption, batchInputOptions, batchNameOption } from '../batch/options.js';
import { addOptions } from '../../cli/option-kinds.js';
import { numberOption } from '../../cli/option-numbers.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { DELIMITER_HELP } from '../../cli/request-body.js';
import type { View } from '../../cli/output/view.js';
import { batchEnv, batchRequest, runAndRender, type BatchRequestFlags } from '../batch/batch-command.js';

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

/** A dry run: every row, with what it would change. */
const PLAN_VIEW: View<RowResult> = {
  kind: 'list',
  fields: ['line', 'msku', 'change', 'fields', 'status', 'error'],
  columns: [
    { key: 'line', header: 'line', align: 'right' },
    { key: 'msku', header: 'msku' },
    { key: 'change', header: 'change' },
    { key: 'fields', header: 'fields', format: (v) => (Array.isArray(v) ? v.join(', ') : '') },
    { key: 'error', header: 'error' },
  ],
};

interface ImportFlags extends BatchRequestFlags {
  replace?: boolean;
  dryRun?: boolean;
}

/** What `inv items import` runs: a batch over the file, of whole items with --replace, or a plan with --dry-run. */
export interface ItemImportOptions extends BatchRequest {
  replace: boolean;
  dryRun: boolean;
}

export const meta: Meta = {
  name: 'import',
  args: [['<file>', 'the file, or - for stdin']],
  summary: 'create items, or change the fields a CSV (header row) or NDJSON file names, from a file or stdin',
};

/** Options of `inv items import`. */
export function setup(command: Command): void {
  addOptions(command, batchInputOptions());
  command
    .option('--delimiter <char>', DELIMITER_HELP)
    .addOption(batchNameOption())
    .addOption(againOption())
    .option('--retry-in-doubt', 'send again the rows an earlier run sent without an answer (asks; --yes in scripts)')
    .addOption(numberOption('--concurrency <n>', 'requests in flight at once', { min: 1, max: 64 }).default(8))
    .option('--replace', 'replace whole items: fields the file does not name are cleared')
    .option('--dry-run', 'list each row as new, changed (with the fields that change) or unchanged; write nothing')
    .addHelpText(
      'after',
      [
        '',
        'CSV columns: msku and any of inactive,productId,productIdType,title,manufacturer,image,type,cond,notes,value,rank;',
        'attr.NAME columns become attributes. A new msku needs title and cond. For an existing item, only the columns the file',
        'has are changed and the others kept (the item is read, merged and written once); an empty cell in a present column',
        'clears that field (attr.NAME: removes that attribute). --replace writes whole items instead.',
        'The whole file is checked before anything is sent. An import is a batch, by the rule of `inv move --file`: rerun',
        'it to finish it; once finished, the same import sends nothing (--again imports it once more).',
        '',
        'Examples:',
        '  inv items import items.csv --dry-run',
        '  inv items import items.csv',
        '  inv items list --all -o ndjson | inv items import - --replace --output ndjson',
      ].join('\n'),
    );
}

/** The batch request, its flags checked (the file is read in the run). */
export function parse([file]: unknown[], flags: ImportFlags): ItemImportOptions {
  return { ...batchRequest(file as string, flags), replace: Boolean(flags.replace), dryRun: Boolean(flags.dryRun) };
}

/** Runs the import as a journaled batch and renders its outcome (a dry run's table lists every row). */
export async function run(ctx: Ctx, request: ItemImportOptions): Promise<void> {
  const { runItemImport } = await import('../../batch/imports/import-items.js');
  const out = ctx.output(request.dryRun ? PLAN_VIEW : FAILURES_VIEW);
  await runAndRender(ctx, out, async () => {
    const outcome = await runItemImport(request, await batchEnv(ctx, 'PUT /v1/items/{msku}'));
    return request.dryRun && ctx.globals.output !== 'json'
      ? { ...outcome, problems: outcome.summary.plan as RowResult[] }
      : outcome;
  });
}
