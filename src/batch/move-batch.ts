/** The engine of `inv move --file`: input, journal, pool, dry run and summary, behind one function. */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { BatchIncompleteError, InterruptedError, type InvError } from '../errors.js';
import type { InventoryClient } from '../api/inventory.js';
import type { MoveResult } from './moves.js';

export interface MoveBatchRequest {
  file: string;
  format?: string;
  dryRun: boolean;
  retryInDoubt: boolean;
  concurrency: number;
}

/** What the engine needs from the command: where things are, the client, and where results go. */
export interface BatchEnv {
  stdin: NodeJS.ReadableStream;
  stateDir: string;
  profile: string;
  inventory(): Promise<InventoryClient>;
  signal?: AbortSignal;
  /** A terminal to draw progress on, if any. */
  progressStream?: NodeJS.WritableStream;
  onResult(result: MoveResult): void | Promise<void>;
  warn(message: string): Promise<void>;
}

export interface BatchOutcome {
  summary: Record<string, unknown>;
  /** Rows that did not end done or skipped, in the order they finished. */
  problems: MoveResult[];
  /** The one-line account for stderr. */
  line: string;
  /** Set when the command must end with this error after rendering. */
  error?: InvError;
}

/** Runs a move batch (or its dry run) and accounts for every row. */
export async function runMoveBatch(request: MoveBatchRequest, env: BatchEnv): Promise<BatchOutcome> {
  const [{ readRows }, { checkMoveColumns }, { identify }, { Progress }, { LocationNames }] = await Promise.all([
    import('./input.js'), import('./move-rows.js'), import('./spool.js'), import('./progress.js'), import('../api/location-names.js'),
  ]);
  const input = await identify(request.file, env.stdin, join(env.stateDir, 'spool'));
  const rows = readRows(input.path, env.stdin, { format: request.format, header: checkMoveColumns });
  const client = await env.inventory();
  const names = new LocationNames(client);
  const progress = new Progress(request.dryRun ? 'checking moves' : 'moving', env.progressStream);
  const problems: MoveResult[] = [];
  const onResult = (result: MoveResult) => {
    progress.tick(result.status === 'done' ? 'done' : result.status === 'skipped' ? 'skipped' : result.status === 'in-doubt' ? 'inDoubt' : 'failed');
    if (result.status !== 'done' && result.status !== 'skipped') problems.push(result);
    return env.onResult(result);
  };
  let stopped = false;
  let journalPath: string | undefined;
  try {
    if (request.dryRun) {
      const { dryRunMoves } = await import('./dry-run.js');
      await dryRunMoves({ rows, client, names, onResult, warn: env.warn });
    } else {
      const { Journal, journalPath: pathOf, readJournal } = await import('./journal.js');
      journalPath = pathOf(env.stateDir, 'move', env.profile, input.hash);
      const earlier = await readJournal(journalPath);
      const journal = await Journal.open(journalPath, { started: new Date().toISOString(), input: request.file, retryInDoubt: request.retryInDoubt });
      const { runMoves } = await import('./moves.js');
      try {
        ({ stopped } = await runMoves({ rows, client, names, journal, earlier, retryInDoubt: request.retryInDoubt, concurrency: request.concurrency, signal: env.signal, onResult }));
      } finally {
        await journal.close();
      }
    }
  } finally {
    progress.finish();
    if (request.file === '-') await unlink(input.path).catch(() => undefined);
  }
  const { done, failed, inDoubt, skipped } = progress.counts;
  const summary = { rows: done + failed + inDoubt + skipped, [request.dryRun ? 'wouldSucceed' : 'done']: done, failed, inDoubt, skipped, stopped, seconds: Number(progress.seconds.toFixed(2)), journal: journalPath ?? null };
  const verb = request.dryRun ? 'would succeed' : 'moved';
  const line = `${done} ${verb}, ${failed} failed, ${inDoubt} in doubt, ${skipped} skipped (done earlier) in ${summary.seconds} s${journalPath ? ` — journal ${journalPath}` : ''}`;
  let error: InvError | undefined;
  if (stopped) error = new InterruptedError('stopped before the end: the journal is kept; run the same command again to continue');
  else if (failed + inDoubt > 0) {
    error = new BatchIncompleteError(
      request.dryRun ? `${failed} of ${summary.rows} rows would fail` : `${failed} rows failed and ${inDoubt} are in doubt`,
      request.dryRun ? 'fix the rows listed, then run without --dry-run' : 'fix the failed rows and run the same file again (done rows are skipped); check rows in doubt before --retry-in-doubt',
    );
  }
  return { summary, problems, line, error };
}
