// A night batch against a rate limiter: 10,000 moves through the sandbox's token bucket at 200 requests/s
// (burst 20) per account, with Retry-After and without it. Targets: finish in ≤ 1.15 × N/R (57.5 s) with
// ≤ 5 % of requests answered 429. The moves are sent at the default concurrency, as cron would send them.
// Figures go to stdout and to bench/RESULTS.md. Usage: npm run build && node bench/rate-limit.mjs [rounds]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, sandboxProcess, table, timedRun, verdict, writeSection, writtenBy } from './lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 1);
const MOVES = Number(process.env.BENCH_MOVES ?? 10_000);
const RATE = 200;
const BURST = 20;
const bound = (1.15 * MOVES) / RATE;

const sandbox = await sandboxProcess(['--seed', 'demo']);
const admin = async (method, path, body) => {
  const res = await fetch(`${sandbox.info.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  return res.json();
};

/** One batch of MOVES moves of their own through the limiter; resolves to seconds, the 429 share and the log's pause lines. */
async function run(q, retryAfter) {
  const file = join(sandbox.dir, `moves-${q}.csv`);
  writeFileSync(
    file,
    'msku,quantity,from,to\n' +
      Array.from({ length: MOVES }, (_, i) => `MUG-BLUE-11OZ,${q},1,${2 + (i % 2)}`).join('\n') +
      '\n',
  );
  await admin('PUT', '/_sandbox/rate-limit', { rate: RATE, burst: BURST, retryAfter, headers: false });
  const r = await timedRun(['move', '--file', file], sandbox.env);
  const { allowed, throttled } = await admin('GET', '/_sandbox/rate-limit');
  await admin('DELETE', '/_sandbox/rate-limit');
  if (r.code !== 0) throw new Error(`inv move exited ${r.code}: ${r.stderr}`);
  const cuts = r.stderr.split('\n').filter((l) => /rate limited/.test(l)).length;
  // BENCH_SHOW=1 prints each run's log (its pauses and cuts); BENCH_RA=1 or 0 runs only one of the two cases.
  if (process.env.BENCH_SHOW) console.log(r.stderr);
  return { seconds: r.ms / 1000, share: throttled / (allowed + throttled), cuts, rss: r.rssMB };
}

const rows = [];
try {
  const receive = await timedRun(
    ['move', 'MUG-BLUE-11OZ', '100000000', '--from-purchase', '5001', '--to', '1'],
    sandbox.env,
  );
  if (receive.code !== 0) throw new Error(receive.stderr);
  let q = 1;
  for (const retryAfter of process.env.BENCH_RA === '0'
    ? [false]
    : process.env.BENCH_RA === '1'
      ? [true]
      : [true, false]) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) runs.push(await run(q++, retryAfter));
    const seconds = median(runs.map((x) => x.seconds));
    const share = median(runs.map((x) => x.share));
    const cuts = median(runs.map((x) => x.cuts));
    const label = retryAfter ? 'with Retry-After' : 'without Retry-After';
    const each = runs.map((x) => `${x.seconds.toFixed(1)} s, ${(x.share * 100).toFixed(2)} % 429, ${x.cuts} log lines`);
    console.log(`${label}: ${each.join('; ')}`);
    const met = seconds <= bound && share <= 0.05;
    rows.push([
      `${MOVES.toLocaleString('en-US')} moves at ${RATE}/s (burst ${BURST}), ${label}`,
      `${seconds.toFixed(1)} s = ${(seconds / (MOVES / RATE)).toFixed(3)} × N/R; ` +
        `${(share * 100).toFixed(2)} % answered 429; ${cuts} pauses and cuts logged`,
      `≤ ${bound.toFixed(1)} s, ≤ 5 %`,
      verdict(met),
    ]);
  }
} finally {
  await sandbox.stop();
}

const results = table(['benchmark', 'figure', 'target', ''], rows);
writeSection(
  'rate-limit',
  `## A batch against a rate limiter (bench/rate-limit.mjs)

${writtenBy(`node bench/rate-limit.mjs ${ROUNDS}`)}, median of ${ROUNDS} round(s) each; the sandbox in a process of its own.

${results}`,
);
console.log(results);
