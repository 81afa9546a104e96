// Benchmark of `inv scout`: the latency of a scan inside one running process (a line written to its stdin
// until its JSON line comes back; the first scan, which opens the connection, is left out), and a
// 5,000-line manifest (lines/s, peak RSS). Targets: median ≤ 15 ms and p95 ≤ 40 ms; ≥ 200 lines/s, < 150 MB.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, median, report, sandboxProcess, timedRun } from './lib.mjs';

const SCANS = Number(process.env.BENCH_SCANS ?? 300);
const LINES = Number(process.env.BENCH_MANIFEST_LINES ?? 5000);

const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

/** Times scans one at a time through one `inv scout` process. */
async function scanLatencies(env, codes) {
  const child = spawn(process.execPath, [BIN, 'scout', '--cost', '3'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  let waiting;
  child.stdout.on('data', (d) => {
    buffer += d;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      buffer = buffer.slice(at + 1);
      waiting?.();
    }
  });
  const times = [];
  for (const code of codes) {
    const started = performance.now();
    await new Promise((resolve) => {
      waiting = resolve;
      child.stdin.write(code + '\n');
    });
    times.push(performance.now() - started);
  }
  child.stdin.end();
  await new Promise((resolve) => child.on('close', resolve));
  return times.slice(1);
}

export async function scoutBench() {
  const sandbox = await sandboxProcess();
  const env = sandbox.researchEnv;
  try {
    const fresh = Array.from({ length: SCANS + 1 }, (_, i) => `B0BENCH${String(i).padStart(3, '0')}`);
    const scans = await scanLatencies(env, fresh);
    report(
      `inv scout: a new ASIN, ${SCANS} scans, median`,
      median(scans),
      'ms',
      median(scans) <= 15 ? 'target ≤ 15 ms: met' : 'target ≤ 15 ms: MISSED',
    );
    report('  p95', p95(scans), 'ms', p95(scans) <= 40 ? 'target ≤ 40 ms: met' : 'target ≤ 40 ms: MISSED');
    const again = await scanLatencies(env, ['B0BENCH000', ...fresh.slice(0, 50), ...fresh.slice(0, 50)]);
    const cached = again.slice(50);
    report('inv scout: the same ASIN again (session cache), median', median(cached), 'ms');

    const file = join(sandbox.dir, 'manifest.csv');
    writeFileSync(
      file,
      'code,cost,qty\n' +
        Array.from({ length: LINES }, (_, i) => `B0MF${String(i).padStart(6, '0')},${(2 + (i % 9)).toFixed(2)},1`).join(
          '\n',
        ) +
        '\n',
    );
    const run = await timedRun(['scout', '--file', file, '--concurrency', '16', '--json', '-q'], env);
    if (run.code !== 0) throw new Error(`inv scout --file failed (${run.code}): ${run.stderr}`);
    const rate = (LINES / run.ms) * 1000;
    report(
      `inv scout --file, ${LINES} lines`,
      rate,
      'lines/s',
      rate >= 200 ? 'target ≥ 200/s: met' : 'target ≥ 200/s: MISSED',
    );
    report('  peak RSS', run.rssMB, 'MB', run.rssMB < 150 ? 'target < 150 MB: met' : 'target < 150 MB: MISSED');
    // The same manifest again: every answer comes from the kept ones (younger than --max-age), every verdict is worked out again.
    const rerun = await timedRun(['scout', '--file', file, '--concurrency', '16', '--json', '-q'], env);
    if (rerun.code !== 0) throw new Error(`inv scout --file rerun failed (${rerun.code}): ${rerun.stderr}`);
    const rerate = (LINES / rerun.ms) * 1000;
    report(`inv scout --file, ${LINES} lines again, from kept answers`, rerate, 'lines/s');
    report('  peak RSS', rerun.rssMB, 'MB', rerun.rssMB < 150 ? 'target < 150 MB: met' : 'target < 150 MB: MISSED');
    return {
      median: median(scans),
      p95: p95(scans),
      cached: median(cached),
      scans: SCANS,
      lines: LINES,
      rate,
      rss: run.rssMB,
      rerate,
      rerss: rerun.rssMB,
    };
  } finally {
    await sandbox.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await scoutBench();
