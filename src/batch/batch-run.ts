/** A batch kind run end to end: its input spooled (to be read twice), pass one, then pass two or a dry run. */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { InventoryClient } from '../api/inventory.js';
import { send } from './batch-engine.js';
import { readRows } from './batch-input.js';
import type { BatchEnv, BatchKind, BatchOutcome, BatchRequest, BatchRunEnv, Rows } from './batch-types.js';
import { prepare, type Prepared } from './prepare.js';
import { identify } from './spool.js';

/** Spools stdin, so the input can be read twice; hashes it. */
async function spoolInput(
  file: string,
  stdin: NodeJS.ReadableStream,
  stateDir: string,
): Promise<BatchEnv['input'] & { cleanup(): Promise<void> }> {
  const input = await identify(file, stdin, join(stateDir, 'spool'));
  return {
    ...input,
    label: file === '-' ? 'stdin' : file,
    cleanup: () => (file === '-' ? unlink(input.path).catch(() => undefined) : Promise.resolve()),
  };
}

/** The rows of the spooled input, read as `kind` wants them. */
function rowsOf(
  kind: Pick<BatchKind<unknown>, 'columns' | 'depth'>,
  input: BatchEnv['input'],
  request: BatchRequest,
  env: BatchRunEnv,
): Rows {
  let told = false; // the input is read twice; the skipped rows are told once
  const skipped = (count: number) => {
    if (!told) void env.warn(`${input.label}: skipped ${count} empty row(s)`);
    told = true;
  };
  const { format, encoding, delimiter } = request;
  return () =>
    readRows(input.path, input.label, {
      format,
      encoding,
      delimiter,
      header: kind.columns,
      depth: kind.depth,
      skipped,
    });
}

export interface RunOptions<Row> {
  /** The kind, given the client it sends with. */
  kind(client: InventoryClient): BatchKind<Row>;
  /** The progress label of pass two ("moving"). */
  label: string;
  /** Run instead of pass two when given: checks the rows and sends nothing. */
  dryRun?(prepared: Prepared<Row>, env: BatchEnv, rows: Rows, client: InventoryClient): Promise<BatchOutcome>;
}

/** Runs a batch of one kind and accounts for every row. */
export async function runJournaledBatch<Row>(
  request: BatchRequest,
  env: BatchRunEnv,
  options: RunOptions<Row>,
): Promise<BatchOutcome> {
  const input = await spoolInput(request.file, env.stdin, env.stateDir);
  try {
    const client = await env.inventory();
    const kind = options.kind(client);
    const full: BatchEnv = { ...env, input };
    const rows = rowsOf(kind, input, request, env);
    const prepared = await prepare(kind, request, full, rows, { dryRun: options.dryRun !== undefined });
    if (options.dryRun) return await options.dryRun(prepared, full, rows, client);
    return await send(prepared, request, full, rows, options.label);
  } finally {
    await input.cleanup();
  }
}
