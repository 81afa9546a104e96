// Benchmark: `inv items list --all --output ndjson` over 100,000 sandbox items — wall time and peak RSS
// of the CLI (the sandbox runs in its own process). Target: peak RSS under 150 MB.
import { median, report, sandboxProcess, timedRun } from './lib.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

export async function listItemsBench() {
  const sandbox = await sandboxProcess(['--seed', 'empty', '--bulk-items', String(ITEMS)]);
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await timedRun(['items', 'list', '--all', '--output', 'ndjson'], sandbox.env);
      if (run.code !== 0 || run.lines !== ITEMS)
        throw new Error(`run failed: exit ${run.code}, ${run.lines} lines\n${run.stderr}`);
      runs.push(run);
    }
    const ms = median(runs.map((r) => r.ms));
    const rss = Math.max(...runs.map((r) => r.rssMB));
    report(`items list --all -o ndjson, ${ITEMS} items (median of ${RUNS})`, ms, 'ms');
    report('  records per second', (ITEMS / ms) * 1000, '/s');
    report('  peak RSS (max of runs)', rss, 'MB', rss < 150 ? 'target < 150 MB: met' : 'target < 150 MB: MISSED');
    return { ms, rss, items: ITEMS };
  } finally {
    await sandbox.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await listItemsBench();
