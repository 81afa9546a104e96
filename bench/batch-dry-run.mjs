// Benchmark: a 1,000,000-row `inv move --file --dry-run` (every row would succeed, and one in ten would fail: the kept
// problems are bounded too), its peak RSS and time, and the progress lines a log gets while it reads. Target: peak RSS
// under 150 MB; a line in the log at least every 10 s. Usage: npm run build && node bench/batch-dry-run.mjs
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxProcess, stock, table, timedRun, verdict, writeSection, writtenBy } from './lib.mjs';

const ROWS = Number(process.env.BENCH_DRY_ROWS ?? 1_000_000);

const sandbox = await sandboxProcess(['--seed', 'demo']);
const rows = [];
try {
  await stock(sandbox);
  for (const [label, failing] of [
    ['every row would succeed', () => false],
    ['one row in ten would fail', (i) => i % 10 === 0],
  ]) {
    const file = join(sandbox.dir, `dry-${rows.length}.csv`);
    const lines = Array.from(
      { length: ROWS },
      // Every row a move of its own (a quantity of its own, there and back): no two rows share a key.
      (_, i) => `${failing(i) ? 'NO-SUCH-ITEM' : 'MUG-BLUE-11OZ'},${1 + (i >> 1)},${i % 2 ? '2,1' : '1,2'}`,
    );
    writeFileSync(file, `msku,quantity,from,to\n${lines.join('\n')}\n`);
    const run = await timedRun(['move', '--file', file, '--dry-run', '--json'], sandbox.env);
    if (run.code !== 0 && run.code !== 6) throw new Error(`inv move --dry-run exited ${run.code}: ${run.stderr}`);
    const stamps = [...run.stderr.matchAll(/^(\S+Z) (reading|checking) .*rows/gm)].map((m) => Date.parse(m[1]));
    const gaps = stamps.slice(1).map((t, i) => (t - stamps[i]) / 1000);
    const seconds = run.ms / 1000;
    console.log(
      `${label}: ${seconds.toFixed(1)} s, peak RSS ${run.rssMB.toFixed(0)} MB, ${stamps.length} progress lines`,
    );
    rows.push([
      `${ROWS.toLocaleString('en-US')}-row dry run, ${label}`,
      `${seconds.toFixed(1)} s (${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s); peak RSS ${run.rssMB.toFixed(0)} MB; ` +
        `${stamps.length} reading lines in the log, the longest gap ${Math.max(0, ...gaps).toFixed(1)} s`,
      'peak RSS < 150 MB',
      verdict(run.rssMB < 150),
    ]);
  }
} finally {
  await sandbox.stop();
}

writeSection(
  'Batch dry run (bench/batch-dry-run.mjs)',
  [writtenBy('node bench/batch-dry-run.mjs'), '', table(['benchmark', 'figure', 'target', ''], rows)].join('\n'),
);
