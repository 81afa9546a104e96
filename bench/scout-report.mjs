// Benchmark: `inv scout --file --report` on a 2,000-line manifest: the size of the HTML report and the time writing it
// adds to the run. The first run fills the answer cache; then runs without and with --report alternate, every answer
// from the cache (the same work but the report), and the difference of their medians is the report's time.
// Target (issue 44): ≤ 1 s on top of the scout run. Run alone (`node bench/scout-report.mjs [LINES]`), it writes its
// section of bench/RESULTS.md.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, report, sandboxProcess, table, timedRun, verdict, writeSection, writtenBy } from './lib.mjs';

const LINES = Number(process.argv[2] ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1000;

/** A manifest of LINES lines: a product each, costs from $1 to $31, quantities from 1 to 24. */
function manifest(dir) {
  const file = join(dir, 'manifest.csv');
  const rows = Array.from({ length: LINES }, (_, i) => {
    const asin = `B0M${String((i * 7919) % 9_999_999).padStart(7, '0')}`;
    return `${asin},${(1 + ((i * 37) % 300) / 10).toFixed(2)},${1 + ((i * 13) % 24)}`;
  });
  writeFileSync(file, `code,cost,qty\n${rows.join('\n')}\n`);
  return file;
}

export async function scoutReportBench() {
  const sandbox = await sandboxProcess();
  const env = sandbox.researchEnv;
  try {
    const file = manifest(sandbox.dir);
    const html = join(sandbox.dir, 'lot.html');
    const base = ['scout', '--file', file, '--json', '-q'];
    const first = await timedRun(base, env);
    if (first.code !== 0) throw new Error(`inv scout --file failed (${first.code}): ${first.stderr}`);
    const without = [];
    const withReport = [];
    for (let i = 0; i < RUNS; i++) {
      without.push((await timedRun(base, env)).ms);
      const run = await timedRun([...base, '--report', html], env);
      if (run.code !== 0) throw new Error(`inv scout --report failed (${run.code}): ${run.stderr}`);
      withReport.push(run.ms);
    }
    const added = median(withReport) - median(without);
    const bytes = statSync(html).size;
    report(`inv scout --file, ${LINES} lines, first run (answers asked)`, first.ms, 'ms');
    report(`  again, answers kept, median of ${RUNS}`, median(without), 'ms');
    report('  again with --report lot.html, median', median(withReport), 'ms');
    report('  the report adds', added, 'ms', added <= TARGET_MS ? 'target ≤ 1000 ms: met' : 'target ≤ 1000 ms: MISSED');
    report('  report size', bytes / 1024, 'KB');
    return { lines: LINES, first: first.ms, without: median(without), withReport: median(withReport), added, bytes };
  } finally {
    await sandbox.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await scoutReportBench();
  const ms = (v) => `${Math.round(v)} ms`;
  writeSection(
    'scout-report',
    `## The lot's HTML report (bench/scout-report.mjs)

${writtenBy(`node bench/scout-report.mjs ${LINES}`)}. A ${r.lines.toLocaleString('en-US')}-line manifest; the first
run asks every answer, then ${RUNS} runs without and ${RUNS} with \`--report\` alternate, every answer from the cache.

${table(
  ['what', 'figure', 'target', ''],
  [
    [`\`inv scout --file\`, ${r.lines} lines, first run`, ms(r.first), '', ''],
    ['… again, answers kept (median)', ms(r.without), '', ''],
    ['… again with `--report lot.html` (median)', ms(r.withReport), '', ''],
    ['time the report adds', ms(r.added), '≤ 1000 ms', verdict(r.added <= TARGET_MS)],
    ['report size', `${Math.round(r.bytes / 1024)} KB (${r.bytes.toLocaleString('en-US')} bytes)`, '', ''],
  ],
)}`,
  );
}
