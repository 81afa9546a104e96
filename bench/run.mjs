// npm run bench: every benchmark, each printing its figures beside its reference (measured in the same
// run, interleaved) and its target; the figures are written to the first section of bench/RESULTS.md.
import { cpus, totalmem } from 'node:os';
import { labelsBench, labelsRows } from './labels.mjs';
import { listItemsBench } from './list-items.mjs';
import { memoryBench } from './memory.mjs';
import { movesBench } from './moves.mjs';
import { oneShotBench } from './one-shot.mjs';
import { packBench, packRows } from './pack.mjs';
import { scoutBench } from './scout.mjs';
import { scoutReportBench } from './scout-report.mjs';
import { startupBench } from './startup.mjs';
import { table, verdict, writeSection } from './lib.mjs';

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
const when = new Date().toISOString();
console.log(
  `inv benchmarks — ${when}, node ${process.version}, ${machine} (NODE_EXTRA_CA_CERTS unset in measured runs)\n`,
);

const section = async (title, bench) => {
  console.log(`# ${title}`);
  const result = await bench();
  console.log();
  return result;
};
const s = await section('startup', startupBench);
const o = await section('one-shot', oneShotBench);
const m = await section('bulk', movesBench);
const l = await section('memory: listing', listItemsBench);
const b = await section('memory: batch', memoryBench);
const lab = await section('labels', labelsBench);
const sc = await section('scout', scoutBench);
const sr = await section('scout report', scoutReportBench);
const pk = await section('pack', packBench);

const ms = (v) => `${v.toFixed(1)} ms`;
const rows = [
  [
    '`inv --version`',
    `${ms(s.version)} = ${(s.version / s.node).toFixed(2)} × \`node -e 0\` (${ms(s.node)})`,
    '≤ 1.3 ×',
    verdict(s.version / s.node <= 1.3),
  ],
  ['`inv --help`', `${ms(s.help)} = ${(s.help / s.node).toFixed(2)} × \`node -e 0\``, '—', ''],
  [
    '`inv fees --help`',
    `${ms(s.feesHelp)} = ${(s.feesHelp / s.node).toFixed(2)} × \`node -e 0\``,
    '≤ 1.6 ×',
    verdict(s.feesHelp / s.node <= 1.6),
  ],
  [
    "`inv profile list --json` (a noun's verb, no server)",
    `${ms(s.nounVerb)} = ${(s.nounVerb / s.node).toFixed(2)} × \`node -e 0\``,
    '—',
    '',
  ],
  ['`inv fees ASIN --price P --json`', ms(o.inv), '≤ 100 ms', verdict(o.inv <= 100)],
  [
    '… against a minimal Node script (fetch)',
    `${(o.inv / o.fetch).toFixed(2)} × (${ms(o.fetch)})`,
    '≤ 1.3 ×',
    verdict(o.inv / o.fetch <= 1.3),
  ],
  [
    '… against a minimal Node script (node:http)',
    `${(o.inv / o.nodeHttp).toFixed(2)} × (${ms(o.nodeHttp)})`,
    '≤ 1.5 ×',
    verdict(o.inv / o.nodeHttp <= 1.5),
  ],
  ['… against curl', `${(o.inv / o.curl).toFixed(1)} × (${ms(o.curl)})`, '—', ''],
  ['`inv move --file`, 10,000 moves', `${Math.round(m.inv)} moves/s`, '', ''],
  [
    '… against a bash loop of curl calls',
    `${(m.inv / m.curl).toFixed(1)} × (${Math.round(m.curl)} moves/s)`,
    '≥ 40 ×',
    verdict(m.inv / m.curl >= 40),
  ],
  [
    '… against the sandbox ceiling (autocannon)',
    `${((m.inv / m.ceiling) * 100).toFixed(1)} % (${Math.round(m.ceiling)} req/s)`,
    '≥ 50 %',
    verdict(m.inv / m.ceiling >= 0.5),
  ],
  ['… peak RSS', `${m.rss.toFixed(0)} MB`, '< 150 MB', verdict(m.rss < 150)],
  [
    `\`inv items list --all -o ndjson\`, ${l.items.toLocaleString('en-US')} items`,
    `${(l.ms / 1000).toFixed(2)} s, peak RSS ${l.rss.toFixed(0)} MB`,
    '< 150 MB',
    verdict(l.rss < 150),
  ],
  [
    `\`inv move --file\`, ${b.rows.toLocaleString('en-US')} rows`,
    `${b.seconds.toFixed(1)} s, peak RSS ${b.rss.toFixed(0)} MB`,
    '< 150 MB',
    verdict(b.rss < 150),
  ],
  ...labelsRows(lab),
  [
    `\`inv scout\`, a scan of a new ASIN inside one process (${sc.scans} scans), median`,
    `${ms(sc.median)} (${(o.inv / sc.median).toFixed(1)} × faster than one-shot \`inv fees\`)`,
    '≤ 15 ms',
    verdict(sc.median <= 15),
  ],
  ['… p95', ms(sc.p95), '≤ 40 ms', verdict(sc.p95 <= 40)],
  ['… the same ASIN again (session cache), median', ms(sc.cached), '—', ''],
  ...packRows(pk),
  [
    `\`inv scout --file\`, ${sc.lines.toLocaleString('en-US')} lines`,
    `${Math.round(sc.rate)} lines/s, peak RSS ${sc.rss.toFixed(0)} MB`,
    '≥ 200/s, < 150 MB',
    verdict(sc.rate >= 200 && sc.rss < 150),
  ],
  [
    `\`inv scout --file\`, the same ${sc.lines.toLocaleString('en-US')} lines again (kept answers)`,
    `${Math.round(sc.rerate)} lines/s, peak RSS ${sc.rerss.toFixed(0)} MB`,
    '< 150 MB',
    verdict(sc.rerss < 150),
  ],
  [
    `\`inv scout --file --report\`, ${sr.lines.toLocaleString('en-US')} lines: the time the report adds`,
    `${Math.round(sr.added)} ms (a ${Math.round(sr.bytes / 1024)} KB page)`,
    '≤ 1 s',
    verdict(sr.added <= 1000),
  ],
];
// Benchmarks run on their own (batch-kill, batch-identity, long-line, …) write sections of their own below.
writeSection(
  'run',
  `# Benchmark results

Written by \`npm run bench\` (bench/run.mjs) on ${when}: node ${process.version}, ${machine}.
NODE_EXTRA_CA_CERTS is unset in measured runs (it adds ~70 ms to every Node start on this machine).
Each figure is a median of interleaved runs beside its reference, measured in the same run;
the sandbox runs in a process of its own and is warmed up before the bulk runs. Figures move by a
few percent from run to run.
The one-shot command is measured against two minimal Node scripts making the same signed request:
with fetch (target ≤ 1.3 ×) and with node:http (target ≤ 1.5 ×).

${table(['benchmark', 'figure', 'target', ''], rows)}`,
);
