/** Pass one's reading of a batch input: every row identified, the input refused when any is not valid. */
import { open } from 'node:fs/promises';
import { BatchRefusedError, InterruptedError } from '../../errors.js';
import type { BatchEnv, BatchKind, Rows } from '../batch-types.js';
import { SortedIds } from '../identity/sorted-ids.js';
import { identified } from '../identity/identified.js';
import { ReadingProgress } from '../views/progress.js';

const MAX_LISTED = 20;
/** Rows read between two looks at the signal (Ctrl-C, SIGTERM): a few milliseconds of work. */
const SIGNAL_EVERY = 2048;

/** Reads every row, refusing the input when any is not valid: the rows' ids and their count. */
export async function scanInput<Row>(
  kind: BatchKind<Row>,
  rows: Rows,
  env: BatchEnv,
): Promise<{ ids: SortedIds; total: number }> {
  const expected = await expectedRows(env.input.path);
  const ids = new SortedIds(expected);
  const problems: string[] = [];
  let problemCount = 0;
  let total = 0;
  const progress = new ReadingProgress(`reading ${env.input.label}`, env.progress);
  try {
    for await (const row of identified(kind, rows(), { rows: expected })) {
      checkStopped(env.signal, ++total);
      progress.row();
      if (row.problem) {
        if (++problemCount <= MAX_LISTED) problems.push(`line ${row.line}: ${row.problem}`);
      } else ids.addHex(row.id!);
    }
  } finally {
    progress.finish();
  }
  if (total === 0)
    throw new BatchRefusedError(
      `no rows in ${env.input.label}`,
      'a header alone is not a batch: check that the export worked',
      { outcome: 'invalid', rows: 0 },
    );
  if (problemCount > 0) {
    const more = problemCount > MAX_LISTED ? `\n  … and ${problemCount - MAX_LISTED} more` : '';
    throw new BatchRefusedError(
      `${env.input.label}: ${problemCount} row(s) are not valid; nothing was sent:\n  ${problems.join('\n  ')}${more}`,
      'fix those rows and run the same command again',
      { outcome: 'invalid', rows: total, invalid: problemCount },
    );
  }
  return { ids: ids.seal(), total };
}

/** About how many rows a file holds: its size over the mean length of the lines of its first 64 KiB. */
async function expectedRows(path: string): Promise<number> {
  try {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(Math.min(size, 64 * 1024));
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      let lines = 0;
      for (let at = head.indexOf(10); at !== -1 && at < bytesRead; at = head.indexOf(10, at + 1)) lines++;
      return lines === 0 ? 1024 : Math.ceil(size / (bytesRead / lines));
    } finally {
      await handle.close();
    }
  } catch {
    return 1024; // unreadable: the rows' reader says why
  }
}

/** The error of a run stopped (Ctrl-C, SIGTERM) before anything was sent. */
export function stoppedReading(): InterruptedError {
  return new InterruptedError('stopped while reading the input: nothing was sent');
}

/** Throws when the run was stopped, looking at the signal every SIGNAL_EVERY calls (`count` is the caller's row count). */
export function checkStopped(signal: AbortSignal | undefined, count: number): void {
  if (count % SIGNAL_EVERY === 0 && signal?.aborted) throw stoppedReading();
}
