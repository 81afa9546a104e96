// Benchmark: `inv pack SHIPMENT --file --boxes` for a 1,000-box shipment (two mskus, one unit of each a
// box), writing the carton labels (4x6 PDF, letter-2up PDF, ZPL) or the pack list — wall time of the
// whole command (start, shipment requests, checks, one PDF417 and one Code 128 a box, write) and peak RSS.
// Target (issue 25): a few seconds (read as ≤ 5 s) and peak RSS < 150 MB.
// Run alone (`node bench/pack.mjs`), it also writes its section of bench/RESULTS.md.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, report, sandboxProcess, table, timedRun, verdict, writeSection, writtenBy } from './lib.mjs';

const BOXES = Number(process.env.BENCH_BOXES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_S = 5;
// Boxes alike (a case pack: one symbol for all) and every box different (an expiry date a box).
const CASES = [
  { name: '--labels cartons.pdf (4x6), every box different', file: 'cartons-exp.pdf', args: [], exp: true },
  { name: '--labels cartons.pdf (4x6)', file: 'cartons.pdf', args: [] },
  { name: '--labels cartons.pdf --layout letter-2up', file: 'cartons-2up.pdf', args: ['--layout', 'letter-2up'] },
  { name: '--labels cartons.zpl -o zpl', file: 'cartons.zpl', args: ['-o', 'zpl'] },
  { name: '--pack-list pack-list.tsv', file: 'pack-list.tsv', list: true, args: [] },
];

/**
 * A shipment of 2 × BOXES units: CABLE-USBC-2M and PUZZLE-1000 (both on Shelf A2, location 2) plan over three centers
 * each, BFI4 in both.
 */
async function shipmentOfBoxes(sandbox) {
  const api = async (path, method = 'GET') => {
    const r = await fetch(`${sandbox.info.baseUrl}/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()).data;
  };
  const stock = await api('itemLocations?locationId=2&limit=100');
  const lines = Object.values(stock).find(Array.isArray);
  let shipment;
  for (const msku of ['CABLE-USBC-2M', 'PUZZLE-1000']) {
    const at = lines.find((il) => il.msku === msku);
    await api(`itemLocations/${at.id}?increment=${3 * BOXES}`, 'POST');
    const sent = await api(`doSendToFBA?msku=${msku}&quantity=${3 * BOXES}&fromLocationId=2`);
    shipment = Object.values(sent).find((s) => s.fc === 'BFI4').shipmentId;
  }
  return shipment;
}

export async function packBench() {
  const sandbox = await sandboxProcess();
  const dir = mkdtempSync(join(tmpdir(), 'inv-bench-pack-'));
  try {
    const shipment = await shipmentOfBoxes(sandbox);
    const contents = ['box,msku,quantity'];
    const boxes = ['box,weight,length,width,height'];
    for (let b = 1; b <= BOXES; b++) {
      contents.push(`${b},CABLE-USBC-2M,1`, `${b},PUZZLE-1000,1`);
      boxes.push(`${b},3.5,12,10,8`);
    }
    writeFileSync(join(dir, 'contents.csv'), contents.join('\n') + '\n');
    const day = (b) => new Date(Date.UTC(2027, 0, b)).toISOString().slice(0, 10);
    writeFileSync(
      join(dir, 'contents-exp.csv'),
      ['box,msku,quantity,exp', ...contents.slice(1).map((line) => `${line},${day(Number(line.split(',')[0]))}`)].join(
        '\n',
      ) + '\n',
    );
    writeFileSync(join(dir, 'boxes.csv'), boxes.join('\n') + '\n');
    const base = [
      'pack',
      shipment,
      '--file',
      join(dir, 'contents.csv'),
      '--boxes',
      join(dir, 'boxes.csv'),
      '--ship-from',
      'Acme Goods|12 Main St|Springfield, IL 62701|US',
      '-q',
    ];
    const results = [];
    for (const c of CASES) {
      const file = join(dir, c.file);
      const args = [...base, c.list ? '--pack-list' : '--labels', file, ...c.args];
      if (c.exp) args[3] = join(dir, 'contents-exp.csv');
      const runs = [];
      for (let i = 0; i <= RUNS; i++) {
        const r = await timedRun(args, sandbox.env);
        if (r.code !== 0) throw new Error(`inv pack failed: exit ${r.code}\n${r.stderr}`);
        if (i > 0) runs.push(r); // the first run warms the file cache
      }
      const ms = median(runs.map((r) => r.ms));
      const rss = Math.max(...runs.map((r) => r.rssMB));
      const met = ms / 1000 <= TARGET_S && rss < 150;
      report(
        `pack ${BOXES} boxes ${c.name} (median of ${RUNS})`,
        ms,
        'ms',
        `peak RSS ${rss.toFixed(0)} MB, ${(statSync(file).size / 1024).toFixed(0)} KiB; ${met ? 'met' : 'MISSED'}`,
      );
      results.push({ ...c, ms, rss, met });
    }
    return { boxes: BOXES, results };
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The RESULTS.md rows of this benchmark. */
export function packRows(p) {
  return p.results.map((r) => [
    `\`inv pack\` ${p.boxes.toLocaleString('en-US')} boxes \`${r.name}\``,
    `${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.rss.toFixed(0)} MB`,
    `≤ ${TARGET_S} s, < 150 MB`,
    verdict(r.met),
  ]);
}

const NOTE = `The first runs of this bench (bwip-js encoding every PDF417 at level 6, 15-30 ms a symbol, and every
Code 128, ~10 ms; pdfkit deflating two thousand streams) took 11-29 s and 160-192 MB for the PDFs under a load
average of 11-18; the fixes were \`src/pack/pdf417.ts\` and \`src/pack/code128.ts\`, the symbol drawn as a 1-bit
image mask, and an uncompressed PDF (4.5 MB for 1,000 labels). The "pack list" row is the floor: start, the
shipment's requests, reading and checking 2,000 rows.`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = packRows(await packBench());
  writeSection(
    'pack',
    `## inv pack (bench/pack.mjs)

${writtenBy('node bench/pack.mjs')}.

${table(['run', 'figure', 'target', ''], rows)}

${NOTE}`,
  );
}
