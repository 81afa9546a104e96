// A 300 MB single line in a batch input (CSV file, NDJSON cell, and on stdin): how soon and in how much memory inv
// refuses it. Writes its own section of bench/RESULTS.md. Usage: node bench/long-line.mjs [MB]
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { sandboxProcess, table, timedRun, verdict, writeSection, writtenBy } from './lib.mjs';

const MB = Number(process.argv[2] ?? 300);
const sb = await sandboxProcess();

/** Writes `head`, MB megabytes of "x", then `tail`, to a file of the bench directory. */
async function longFile(name, head, tail) {
  const path = join(sb.dir, name);
  const out = createWriteStream(path);
  out.write(head);
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  for (let i = 0; i < MB; i++) if (!out.write(chunk)) await once(out, 'drain');
  out.end(tail);
  await once(out, 'finish');
  return path;
}

const rows = [];
try {
  const csv = await longFile('long.csv', 'msku,quantity,from,to\nC-1,1,1,', '\n');
  const ndjson = await longFile('long.ndjson', '{"msku":"A","title":"', '"}\n');
  for (const [what, args, input] of [
    [`CSV file, one ${MB} MB line`, ['move', '--file', csv], undefined],
    [`NDJSON file, one ${MB} MB cell`, ['items', 'import', ndjson], undefined],
    [`CSV on stdin, one ${MB} MB line`, ['move', '--file', '-'], csv],
  ]) {
    const r = await timedRun(args, sb.env, input ? { input: createReadStream(input) } : {});
    const said = r.stderr.split('\n')[0];
    console.log(`${what}: exit ${r.code}, ${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.rssMB.toFixed(0)} MB — ${said}`);
    const met = r.ms < 2000 && r.rssMB < 150 && r.code === 2;
    const figure = `exit ${r.code} in ${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.rssMB.toFixed(0)} MB`;
    rows.push([what, figure, '< 2 s, < 150 MB', verdict(met)]);
  }
} finally {
  await sb.stop();
}

writeSection(
  'long-line',
  `## A line longer than 1 MiB (bench/long-line.mjs)

${writtenBy(`node bench/long-line.mjs ${MB}`)}. Stdin is streamed
from the file (a Buffer held by the bench would be counted in the child's peak RSS: Linux keeps it across exec).

${table(['input', 'refused', 'target', ''], rows)}`,
);
