// Benchmark: peak RSS of `inv move --file` over 100,000 rows (streamed input, journal). The listing of
// 100,000 items is measured by list-items.mjs. Target: under 150 MB.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { report, sandboxProcess, stock, timedRun } from './lib.mjs';

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 100_000);

export async function memoryBench() {
  const sandbox = await sandboxProcess(['--seed', 'demo']);
  try {
    await stock(sandbox);
    const file = join(sandbox.dir, 'rows.csv');
    writeFileSync(
      file,
      'msku,quantity,from,to\n' +
        Array.from({ length: ROWS }, (_, i) => `MUG-BLUE-11OZ,1,1,${2 + (i % 2)}`).join('\n') +
        '\n',
    );
    const run = await timedRun(['move', '--file', file, '--concurrency', '16', '-q'], sandbox.env);
    if (run.code !== 0) throw new Error(`inv move failed (${run.code}): ${run.stderr}`);
    report(`inv move --file, ${ROWS} rows`, run.ms / 1000, 's', `${Math.round((ROWS / run.ms) * 1000)} moves/s`);
    report('  peak RSS', run.rssMB, 'MB', run.rssMB < 150 ? 'target < 150 MB: met' : 'target < 150 MB: MISSED');
    return { rows: ROWS, seconds: run.ms / 1000, rss: run.rssMB };
  } finally {
    await sandbox.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await memoryBench();
