// What knowing a batch by its rows costs: (1) 10,000 moves with the server anchor (a setting per window
// of 200 rows, before the window leaves) beside the same moves with the anchor refused by the server
// (the local journal alone), and beside a previous build when BENCH_BASE_BIN names its bin/inv.js;
// (2) a 100,000-row input that one of tonight's batches already applied (it finished: nothing is sent), checked
// against 1,000 other earlier batches of 200 rows (written as journals), beside the same check against that one batch
// alone. Figures go to stdout and to bench/RESULTS.md.
// Usage: npm run build && node bench/batch-identity.mjs [rounds]
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { median, sandboxProcess, stock, table, timedRun, verdict, writeSection, writtenBy } from './lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 3);
const MOVES = 10_000;
const sandbox = await sandboxProcess(['--seed', 'demo']);
const admin = (method, path, body) =>
  fetch(`${sandbox.info.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
const stats = async () => await (await admin('GET', '/_sandbox/stats')).json();
const requests = (s, prefix, method) =>
  Object.entries(s)
    .filter(([k]) => k.startsWith(`${method} ${prefix}`))
    .reduce((n, [, v]) => n + v, 0);

/** A run of MOVES moves of their own (quantity `q`), with `bin`; resolves to moves per second. */
async function run(q, bin, env) {
  const file = join(sandbox.dir, `moves-${q}.csv`);
  writeFileSync(
    file,
    'msku,quantity,from,to\n' +
      Array.from({ length: MOVES }, (_, i) => `MUG-BLUE-11OZ,${q},1,${2 + (i % 2)}`).join('\n') +
      '\n',
  );
  const r = await timedRun(['move', '--file', file, '--concurrency', '16', '-q'], env, { bin });
  if (r.code !== 0) throw new Error(`inv move exited ${r.code}: ${r.stderr}`);
  return (MOVES / r.ms) * 1000;
}

const rows = [];
try {
  await stock(sandbox);
  const rates = { on: [], off: [], base: [] };
  let q = 1;
  const before = await stats();
  for (let round = 0; round < ROUNDS; round++) {
    await admin('DELETE', '/_sandbox/faults');
    rates.on.push(await run(q++, undefined, sandbox.env));
    await admin('POST', '/_sandbox/faults', {
      status: 403,
      times: 1_000_000,
      path: '/v1/settings/INV_BATCH_',
      message: 'settings of this name are not allowed',
    });
    rates.off.push(await run(q++, undefined, sandbox.env));
    await admin('DELETE', '/_sandbox/faults');
    if (process.env.BENCH_BASE_BIN)
      rates.base.push(
        await run(q++, process.env.BENCH_BASE_BIN, { ...sandbox.env, INV_STATE_DIR: join(sandbox.dir, 'base-state') }),
      );
  }
  const after = await stats();
  const on = median(rates.on);
  const off = median(rates.off);
  const cost = (1 - on / off) * 100;
  rows.push(['10,000 moves, anchor on (a setting per 200 rows)', `${Math.round(on)} moves/s`, '', '']);
  rows.push([
    '… anchor refused by the server (local journal alone)',
    `${Math.round(off)} moves/s; the anchor costs ${cost.toFixed(1)} %`,
    '< 5 %',
    verdict(cost < 5),
  ]);
  if (rates.base.length)
    rows.push([
      `… the build before batch identity (${process.env.BENCH_BASE_LABEL ?? 'BENCH_BASE_BIN'})`,
      `${Math.round(median(rates.base))} moves/s`,
      '',
      '',
    ]);
  const settingPuts = requests(after, '/v1/settings', 'PUT') - requests(before, '/v1/settings', 'PUT');
  // The base build keeps an anchor too: its runs count among the anchored ones.
  const anchored = ROUNDS * (rates.base.length ? 2 : 1);
  if (settingPuts > 0)
    rows.push(['… setting requests per 10,000 moves, anchor on', `${Math.round(settingPuts / anchored)}`, '', '']);

  // (2) The check against 1,000 earlier batches: journals written as the engine writes them.
  const state = join(sandbox.dir, 'identity-state');
  const batches = join(state, 'batches');
  mkdirSync(batches, { recursive: true });
  const record = (row, body) => {
    const text = `${row} ${JSON.stringify(body)}`;
    return `${crc32(text).toString(16).padStart(8, '0')} ${text}\n`;
  };
  const rowId = (key, occurrence) =>
    createHash('sha256')
      .update(JSON.stringify([...key, occurrence]))
      .digest('hex')
      .slice(0, 16);
  const origin = new URL(sandbox.info.baseUrl).origin;
  const journal = (id, ids) => {
    const at = new Date().toISOString(); // tonight's: an input is compared with batches that finished within 12 hours
    let text = record('-', {
      batch: { id, name: `/old/${id}.csv`, kind: 'move', profile: 'default', origin, account: '1001', created: at },
    });
    text += record('-', { run: { at, pid: 1, host: 'bench', profile: 'default', hash: id, file: `${id}.csv` } });
    for (const r of ids) text += record(r, { s: 'sent', l: 2, m: {} }) + record(r, { s: 'done' });
    text += record('-', { end: { at, done: ids.length, failed: 0, inDoubt: 0, pending: 0, hash: id } });
    writeFileSync(join(batches, `move-${id}.journal`), text);
  };
  const INPUT = 100_000;
  const inputIds = Array.from({ length: INPUT }, (_, i) =>
    rowId(['MUG-BLUE-11OZ', 7, 'location 1', String(2 + (i % 2))], Math.floor(i / 2) + 1),
  );
  journal('aaaaaaaaaaaaaaaaaaaaaaaa', inputIds);
  const big = join(sandbox.dir, 'repeat.csv');
  writeFileSync(
    big,
    'msku,quantity,from,to\n' +
      Array.from({ length: INPUT }, (_, i) => `MUG-BLUE-11OZ,7,1,${2 + (i % 2)}`).join('\n') +
      '\n',
  );
  const env = { ...sandbox.env, INV_STATE_DIR: state };
  const refused = async () => {
    const r = await timedRun(['move', '--file', big], env);
    if (r.code !== 0 || !/nothing sent: batch/.test(r.stderr))
      throw new Error(`expected the batch found finished: ${r.code} ${r.stderr}`);
    return r.ms;
  };
  await refused(); // indexes written, account remembered
  const alone = median([await refused(), await refused(), await refused()]);
  for (let b = 0; b < 1000; b++)
    journal(
      String(b).padStart(24, '0'),
      Array.from({ length: 200 }, (_, i) => rowId([`OLD-${b}`, 1, 'location 1', '2'], i + 1)),
    );
  const cold = await refused();
  const warm = median([await refused(), await refused(), await refused()]);
  const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
  rows.push([
    'a 100,000-row input checked against 1 earlier batch',
    `${secs(alone)} (found finished: nothing sent)`,
    '',
    '',
  ]);
  rows.push([
    '… against 1,000 earlier batches of 200 rows',
    `${secs(warm)}: the check adds ${secs(warm - alone)} (first run, writing 1,000 indexes: ${secs(cold - alone)})`,
    '< 1 s added',
    verdict(warm - alone < 1000),
  ]);
  rmSync(state, { recursive: true, force: true });
} finally {
  await sandbox.stop();
}
const results = table(['benchmark', 'figure', 'target', ''], rows);
console.log(results);
writeSection(
  'batch-identity',
  `## Batch identity (bench/batch-identity.mjs)

${writtenBy(`node bench/batch-identity.mjs ${ROUNDS}`)}; medians of ${ROUNDS} interleaved rounds.

${results}`,
);
