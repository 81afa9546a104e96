/**
 * A batch kind run end to end: its input spooled (to be read twice), pass one, then pass two or a dry run; while
 * another run holds the batch, waited for (up to --wait) and then run afresh from pass one.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { InventoryClient } from '../api/inventory.js';
import { send } from './sending/batch-engine.js';
import { readRows } from './input/batch-input.js';
import type { BatchEnv, BatchKind, BatchOutcome, BatchRequest, BatchRunEnv, Rows } from './batch-types.js';
import { BatchChangedError, BatchHeldError } from './anchor/lease.js';
import { clockOf, prepare, type Prepared } from './prepare.js';
import { finishedOutcome } from './views/run-outcome.js';
import { identify } from './input/spool.js';

/** Times a run reads the batch afresh because it changed on the server between pass one and its claim. */
const RETRIES_CHANGED = 5;
/** How often a waiting run looks whether the run it waits for let go. */
const POLL_MS = 1_000;

/** Spools stdin, so the input can be read twice. */
async function spoolInput(file: string, env: BatchRunEnv): Promise<BatchEnv['input'] & { cleanup(): Promise<void> }> {
  const input = await identify(file, env.stdin, join(env.stateDir, 'spool'), env.signal);
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

export interface RunOptions<Row, What extends Record<string, unknown> = Record<string, unknown>> {
  /** The kind, given the client it sends with. */
  kind(client: InventoryClient): BatchKind<Row, What>;
  /** The progress label of pass two ("moving"). */
  label: string;
  /** Run instead of pass two when given: checks the rows and sends nothing. */
  dryRun?(prepared: Prepared<Row, What>, env: BatchEnv, rows: Rows, client: InventoryClient): Promise<BatchOutcome>;
}

/** Runs a batch of one kind and accounts for every row. */
export async function runJournaledBatch<Row, What extends Record<string, unknown>>(
  request: BatchRequest,
  env: BatchRunEnv,
  options: RunOptions<Row, What>,
): Promise<BatchOutcome> {
  const started = performance.now();
  const input = await spoolInput(request.file, env);
  try {
    const client = await env.inventory();
    const kind = options.kind(client);
    const full: BatchEnv = { ...env, input };
    const rows = rowsOf(kind, input, request, env);
    let asked = request;
    for (let attempt = 1; ; attempt++) {
      const prepared = await prepare(kind, asked, full, rows, { dryRun: options.dryRun !== undefined });
      if (prepared.finished) return finishedOutcome(prepared, (performance.now() - started) / 1000);
      if (options.dryRun) return await options.dryRun(prepared, full, rows, client);
      try {
        return await send(prepared, asked, full, rows, options.label);
      } catch (error) {
        await waitForHolder(error, full, { started, attempt, batch: prepared.name });
        // What this run set out to do is the generation it read: the run it waited for may have done it.
        asked = { ...asked, target: asked.target ?? prepared.gen };
      }
    }
  } finally {
    await input.cleanup();
  }
}

/**
 * Waits while another run holds the batch (polling whether it let go) up to --wait from the start of this run; rethrows
 * any other error, and the holder's once the wait is over (exit 1, naming it).
 */
async function waitForHolder(
  error: unknown,
  env: BatchEnv,
  run: { started: number; attempt: number; batch: string },
): Promise<void> {
  if (error instanceof BatchChangedError && run.attempt <= RETRIES_CHANGED) return;
  if (!(error instanceof BatchHeldError)) throw error;
  const { sleep } = clockOf(env);
  const left = () => (env.waitMs ?? 0) - (performance.now() - run.started);
  if (left() <= 0) throw error;
  const { host, pid } = error.holder;
  const seconds = Math.ceil(left() / 1000);
  await env.info?.(
    `waiting for ${host} (process ${pid}), which is running batch "${run.batch}" (up to ${seconds} s more)`,
  );
  for (;;) {
    await sleep(Math.min(POLL_MS, Math.max(left(), 0)));
    if (await error.free().catch(() => false)) return;
    if (left() <= 0) throw error;
  }
}
