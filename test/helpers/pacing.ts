/** What the pacing tests share: a batch file of moves of their own, and the rates a run's log names. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csv, makeRows, type BatchFixture } from './batch.js';

/** A CSV of `count` moves, and the quantities they lead to. */
export function batchFile(f: BatchFixture, count: number, salt: number) {
  const rows = makeRows(f, count, salt);
  const file = join(f.dir, `moves-${salt}.csv`);
  writeFileSync(file, csv(rows));
  return { file, expected: f.expected(f.quantities(), rows) };
}

/** The rates the log's "sending at most N requests/s" lines name. */
export function ratesLogged(stderr: string): number[] {
  return [...stderr.matchAll(/sending at most ([\d.]+) requests\/s/g)].map((m) => Number(m[1]));
}
