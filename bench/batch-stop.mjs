// How soon a batch stops on SIGTERM, in each phase: reading a large input, a dry run's checks, sending, sending to a
// server that hangs, rows waiting out 429s, and waiting for another machine's run of the batch. Target: within 1 s
// (milliseconds from the signal to the process's exit). Usage: npm run build && node bench/batch-stop.mjs [rounds]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, BIN, median, table, verdict, writeSection, writtenBy } from './lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 3);
const { startSandbox } = await import('../dist/sandbox.js');
const dir = mkdtempSync(join(tmpdir(), 'inv-stop-'));
const sandbox = await startSandbox({ port: 0, seed: 'demo' });
const env = (state = 'state', host = 'bench') =>
  benchEnv({
    INV_CONFIG_DIR: join(dir, 'config'),
    INV_STATE_DIR: join(dir, state),
    INV_HOST_ID: host,
    INV_BASE_URL: sandbox.baseUrl,
    INV_TOKEN: sandbox.oauth.issueTokens(sandbox.credentials.oauth.clientId, '1001', '').access_token,
  });
const moves = () => sandbox.inventory.stats.count('/v1/doMoveItem', 'POST');
sandbox.account.adjustStock(sandbox.account.ensureStock('MUG-BLUE-11OZ', '1').id, 100_000_000);

let fileNo = 0;
/** A CSV of `rows` moves of their own (a salt of their own: no two files share a row). */
function file(rows) {
  const path = join(dir, `moves-${++fileNo}.csv`);
  const lines = Array.from({ length: rows }, (_, i) => `MUG-BLUE-11OZ,${1 + (i >> 1)},${i % 2 ? '2,1' : '1,2'}`);
  writeFileSync(
    path,
    `msku,quantity,from,to\n${lines.join('\n')}\n`.replace(/MUG-BLUE-11OZ,/g, `MUG-BLUE-11OZ,${fileNo}`),
  );
  return path;
}

/** Starts inv; resolves, once `ready` holds, to the milliseconds from SIGTERM to its exit. */
async function stopTime(args, ready, runEnv = env()) {
  const child = spawn(process.execPath, [BIN, ...args], { env: runEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const closed = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  const started = performance.now();
  while (!(await ready({ stderr, elapsed: performance.now() - started })) && child.exitCode === null)
    await new Promise((r) => setTimeout(r, 10));
  const sent = performance.now();
  child.kill('SIGTERM');
  const code = await closed;
  if (code !== 143) throw new Error(`${args.join(' ')}: exit ${code}: ${stderr.slice(-500)}`);
  return performance.now() - sent;
}

const phases = [
  ['reading 600,000 rows', () => stopTime(['move', '--file', file(600_000)], ({ elapsed }) => elapsed > 500)],
  [
    "a dry run's checks of 300,000 rows",
    () => stopTime(['move', '--file', file(300_000), '--dry-run'], ({ elapsed }) => elapsed > 4_000),
  ],
  [
    'sending (20 ms a move)',
    () => {
      sandbox.inventory.faults.settings.latencyMs = 20;
      const at = moves() + 100;
      return stopTime(['move', '--file', file(2_000)], () => moves() >= at).finally(
        () => (sandbox.inventory.faults.settings.latencyMs = 0),
      );
    },
  ],
  [
    'sending to a server that stopped answering',
    async () => {
      const at = moves() + 100;
      let hold;
      try {
        return await stopTime(['move', '--file', file(2_000)], () => {
          if (moves() >= at) hold ??= sandbox.inventory.faults.hold('/v1/doMoveItem');
          return hold !== undefined && hold.held > 0;
        });
      } finally {
        hold?.release();
      }
    },
  ],
  [
    'rows waiting out 429s (Retry-After: 30)',
    () => {
      sandbox.inventory.faults.add({ status: 429, times: 1_000_000, path: '/v1/doMoveItem', retryAfter: 30 });
      return stopTime(['move', '--file', file(100)], ({ stderr }) => /rate limited: waiting/.test(stderr)).finally(() =>
        sandbox.inventory.faults.clear(),
      );
    },
  ],
  [
    "waiting for another machine's run of the batch",
    async () => {
      sandbox.inventory.faults.settings.latencyMs = 20;
      const path = file(2_000);
      const first = spawn(process.execPath, [BIN, 'move', '--file', path], {
        env: env('pc-1', 'pc-1'),
        stdio: 'ignore',
      });
      const at = moves() + 50;
      while (moves() < at) await new Promise((r) => setTimeout(r, 10));
      try {
        return await stopTime(
          ['move', '--file', path],
          ({ stderr }) => /waiting for pc-1/.test(stderr),
          env('pc-2', 'pc-2'),
        );
      } finally {
        first.kill('SIGTERM');
        await new Promise((r) => first.on('close', r));
        sandbox.inventory.faults.settings.latencyMs = 0;
      }
    },
  ],
];

const rows = [];
try {
  for (const [label, measure] of phases) {
    const times = [];
    for (let round = 0; round < ROUNDS; round++) times.push(await measure());
    const ms = median(times);
    console.log(`${label}: ${times.map((t) => Math.round(t)).join(', ')} ms`);
    rows.push([
      label,
      `${Math.round(ms)} ms (median of ${ROUNDS}; ${times.map((t) => Math.round(t)).join(', ')})`,
      '≤ 1000 ms',
      verdict(ms <= 1000),
    ]);
  }
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
writeSection(
  'batch-stop',
  [
    `## A batch stopped by SIGTERM, phase by phase (bench/batch-stop.mjs)`,
    '',
    writtenBy(`node bench/batch-stop.mjs ${ROUNDS}`),
    '',
    table(['phase', 'from SIGTERM to exit', 'target', ''], rows),
  ].join('\n'),
);
