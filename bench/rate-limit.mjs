// Batches against rate limits (docs/decisions.md, 19), each run with a state directory of its own unless said:
// - 100 moves through a strict limit, 5/s with a bucket of 1 (target: ≤ 1.3 × N/R);
// - moves through an unlimited server answering 30 % of requests 429 at random, against a client that never slows
//   down (the same moves, 8 at a time, each 429 waited out by its own request only): the throughput kept (target ≥ 50 %);
// - 1,000 moves at 200/s (burst 20), run twice with one state directory: the second starts at the rate the first learnt;
// - 10,000 moves at 200/s (burst 20), with Retry-After and without (target: ≤ 1.15 × N/R, ≤ 5 % answered 429).
// Figures go to stdout and to bench/RESULTS.md. Usage: npm run build && node bench/rate-limit.mjs [rounds]
import { admin, batch, neverSlowing } from './pacing-runs.mjs';
import { median, sandboxProcess, stock, table, verdict, writeSection, writtenBy } from './lib.mjs';

const ROUNDS = Number(process.argv[2] ?? 1);
const MOVES = Number(process.env.BENCH_MOVES ?? 10_000);
const RANDOM_MOVES = Number(process.env.BENCH_RANDOM_MOVES ?? 3_000);
const rows = [];
let q = 1;
const seconds = (s, nr) => `${s.toFixed(1)} s = ${(s / nr).toFixed(2)} × N/R`;

/** Runs `runs` (each resolving to a row of the table) against a sandbox started with `args`, then stops it. */
async function withSandbox(args, runs) {
  const sandbox = await sandboxProcess(['--seed', 'demo', ...args]);
  try {
    await stock(sandbox);
    await runs(sandbox, admin(sandbox));
  } finally {
    await sandbox.stop();
  }
}

await withSandbox([], async (sandbox, control) => {
  const limit = (rate, burst, retryAfter) => control('PUT', '/_sandbox/rate-limit', { rate, burst, retryAfter });
  for (const retryAfter of [true, false]) {
    await limit(5, 1, retryAfter);
    const runs = [];
    for (let round = 0; round < ROUNDS; round++)
      runs.push(await batch(sandbox, { q: q++, moves: 100, state: `s${q}` }));
    const s = median(runs.map((r) => r.seconds));
    const label = retryAfter ? 'with Retry-After' : 'without Retry-After';
    console.log(`strict, ${label}: ${runs.map((r) => `${r.seconds.toFixed(1)} s, ${r.throttled} 429s`).join('; ')}`);
    rows.push([
      `100 moves at 5/s, burst 1 (\`inv sandbox --rate-limit 5\`), ${label}`,
      `${seconds(s, 20)}; ${median(runs.map((r) => r.throttled))} answered 429`,
      '≤ 1.3 × N/R (26 s)',
      verdict(s <= 26),
    ]);
  }
  await limit(200, 20, true);
  const night = `night${q}`;
  const first = await batch(sandbox, { q: q++, moves: 1000, state: night });
  const second = await batch(sandbox, { q: q++, moves: 1000, state: night });
  console.log(`1,000 moves: first ${first.seconds.toFixed(2)} s, second ${second.seconds.toFixed(2)} s`);
  rows.push(
    [
      '1,000 moves at 200/s, burst 20, with Retry-After: a first run',
      `${seconds(first.seconds, 5)}; ${first.throttled} answered 429`,
      '',
      '',
    ],
    [
      '… run again the next night (the same state directory): it starts at the rate the first learnt',
      `${seconds(second.seconds, 5)}; ${second.throttled} answered 429`,
      '≤ 1.2 × N/R, no 429',
      verdict(second.seconds <= 6 && second.throttled === 0),
    ],
  );
  for (const retryAfter of [true, false]) {
    await limit(200, 20, retryAfter);
    const runs = [];
    for (let round = 0; round < ROUNDS; round++)
      runs.push(await batch(sandbox, { q: q++, moves: MOVES, state: `b${q}` }));
    const s = median(runs.map((r) => r.seconds));
    const share = median(runs.map((r) => r.throttled / (r.allowed + r.throttled)));
    const label = retryAfter ? 'with Retry-After' : 'without Retry-After';
    console.log(
      `${MOVES} moves, ${label}: ${runs.map((r) => `${r.seconds.toFixed(1)} s, ${r.throttled} 429s`).join('; ')}`,
    );
    rows.push([
      `${MOVES.toLocaleString('en-US')} moves at 200/s (burst 20), ${label}`,
      `${seconds(s, MOVES / 200)}; ${(share * 100).toFixed(2)} % answered 429; ${median(runs.map((r) => r.lines))} log lines`,
      `≤ ${((1.15 * MOVES) / 200).toFixed(1)} s, ≤ 5 %`,
      verdict(s <= (1.15 * MOVES) / 200 && share <= 0.05),
    ]);
  }
});

for (const retryAfter of [undefined, 1]) {
  const args = ['--fault-rate', '0.3', '--fault-status', '429', ...(retryAfter ? ['--retry-after', '1'] : [])];
  // Each 429 with Retry-After: 1 holds its request a second: a third of the moves take as long.
  const count = retryAfter ? RANDOM_MOVES / 3 : RANDOM_MOVES;
  await withSandbox(args, async (sandbox) => {
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const paced = await batch(sandbox, { q: q++, moves: count, state: `r${q}` });
      const free = await neverSlowing(sandbox, { q: q++, moves: count });
      runs.push({ paced: paced.seconds, free });
    }
    const kept = median(runs.map((r) => r.free / r.paced));
    const label = retryAfter ? 'with Retry-After: 1' : 'without Retry-After';
    console.log(
      `random 429s, ${label}: ${runs.map((r) => `${r.paced.toFixed(1)} s against ${r.free.toFixed(1)} s`).join('; ')}`,
    );
    rows.push([
      `${count.toLocaleString('en-US')} moves, 30 % answered 429 at random (no limit), ${label}`,
      `${(kept * 100).toFixed(0)} % of the throughput of a client that never slows down ` +
        `(${median(runs.map((r) => r.paced)).toFixed(1)} s against ${median(runs.map((r) => r.free)).toFixed(1)} s)`,
      '≥ 50 %',
      verdict(kept >= 0.5),
    ]);
  });
}

const results = table(['benchmark', 'figure', 'target', ''], rows);
writeSection(
  'rate-limit',
  `## Batches against rate limits (bench/rate-limit.mjs)

${writtenBy(`node bench/rate-limit.mjs ${ROUNDS}`)}, median of ${ROUNDS} round(s) each; the sandbox in a process of its own,
each run with a state directory of its own but the second night's. N/R: the moves over the rate (the batch's few
other requests, its settings, come on top). The client that never slows down sends the same moves 8 at a time with
fetch, each 429 waited out by the request that got it (its Retry-After, or the retry hook's backoff) and by no other.

${results}`,
);
console.log(results);
