// Benchmark: `inv labels MSKU FNSKU --count 1000` for each layout (PDF) and as ZPL — wall time of the
// whole command (start, item request, render, write) and peak RSS, against the time a printer takes
// to print the same labels. Target: under a tenth of that print time.
// Reference printers: a 40 pages/min office laser for sheets; a Zebra desktop thermal printer at its
// top speed of 6 in/s for rolls (label length plus a 0.125 in gap), the ZPL too.
// Run alone (`node bench/labels.mjs`), it also writes its section of bench/RESULTS.md.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, report, sandboxProcess, table, timedRun, verdict, writeSection, writtenBy } from './lib.mjs';

const COUNT = Number(process.env.BENCH_LABELS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES_PER_MINUTE = 40;
const INCHES_PER_SECOND = 6;

const CASES = [
  { layout: 'avery-5160', perPage: 30, format: 'pdf' },
  { layout: 'a4-24', perPage: 24, format: 'pdf' },
  { layout: 'thermal-2.25x1.25', length: 1.25, format: 'pdf' },
  { layout: 'thermal-2x1', length: 1, format: 'pdf' },
  { layout: 'thermal-2.25x1.25', length: 1.25, format: 'zpl' },
];

/** Seconds a reference printer takes for COUNT labels of the case. */
function printSeconds(c) {
  return c.perPage
    ? (Math.ceil(COUNT / c.perPage) / PAGES_PER_MINUTE) * 60
    : (COUNT * (c.length + 0.125)) / INCHES_PER_SECOND;
}

export async function labelsBench() {
  const sandbox = await sandboxProcess();
  const dir = mkdtempSync(join(tmpdir(), 'inv-bench-labels-'));
  try {
    const plan = await fetch(`${sandbox.info.baseUrl}/v1/fbaCreateInboundShipmentPlan?msku=MUG-BLUE-11OZ&quantity=1`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    const fnsku = Object.values((await plan.json()).data)[0].items['MUG-BLUE-11OZ'].fnsku;
    const results = [];
    for (const c of CASES) {
      const file = join(dir, `labels.${c.format}`);
      const args = [
        'labels',
        'MUG-BLUE-11OZ',
        fnsku,
        '--count',
        String(COUNT),
        '--layout',
        c.layout,
        '--format',
        c.format,
        '--out',
        file,
      ];
      await timedRun(args, sandbox.env); // warm the file cache
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await timedRun(args, sandbox.env);
        if (run.code !== 0) throw new Error(`inv labels failed: exit ${run.code}\n${run.stderr}`);
        runs.push(run);
      }
      const ms = median(runs.map((r) => r.ms));
      const rss = Math.max(...runs.map((r) => r.rssMB));
      const print = printSeconds(c);
      const met = ms / 1000 <= print / 10;
      report(
        `labels --count ${COUNT} ${c.layout} ${c.format.toUpperCase()} (median of ${RUNS})`,
        ms,
        'ms',
        `print ${print.toFixed(0)} s; target ≤ 1/10: ${met ? 'met' : 'MISSED'}`,
      );
      report('  file size, peak RSS', `${(statSync(file).size / 1024).toFixed(0)} KiB, ${rss.toFixed(0)} MB`, '');
      results.push({ ...c, ms, rss, print, met, bytes: statSync(file).size });
    }
    return { count: COUNT, results };
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The RESULTS.md rows of this benchmark. */
export function labelsRows(l) {
  return l.results.map((r) => {
    const speed = r.perPage ? `${PAGES_PER_MINUTE} pages/min` : `${INCHES_PER_SECOND} in/s`;
    return [
      `\`inv labels --count ${l.count.toLocaleString('en-US')} --layout ${r.layout}\`${r.format === 'zpl' ? ' `-o zpl`' : ''}`,
      `${(r.ms / 1000).toFixed(2)} s (printing takes ${r.print.toFixed(0)} s at ${speed}), peak RSS ${r.rss.toFixed(0)} MB`,
      `≤ ${(r.print / 10).toFixed(0)} s (1/10 of printing)`,
      verdict(r.met),
    ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = labelsRows(await labelsBench());
  writeSection(
    'labels',
    `## inv labels (bench/labels.mjs)

${writtenBy('node bench/labels.mjs')}.

${table(['run', 'figure', 'target', ''], rows)}`,
  );
}
