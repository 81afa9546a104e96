// Benchmark: 10,000 moves from a CSV with `inv move --file`, beside a bash loop of curl calls doing the
// same moves (on a sample; curl manages ~100 a second) and beside the sandbox's own ceiling on the same
// endpoint (autocannon). The sandbox is warmed up first; rounds are interleaved (curl, inv, autocannon).
// Targets: ≥ 40 × the curl loop, ≥ 50 % of the ceiling, peak RSS < 150 MB.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, report, sandboxProcess, stock, timedRun } from './lib.mjs';

const MOVES = Number(process.env.BENCH_MOVES ?? 10_000);
const CURL_SAMPLE = Number(process.env.BENCH_CURL_MOVES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/** Moves per second of a bash loop of curl calls, each one move. */
function curlLoop(baseUrl, token, count) {
  const body = JSON.stringify({ msku: 'MUG-BLUE-11OZ', quantity: 1, fromLocationId: 1, toLocationId: 2 });
  const curl =
    `curl -s -o /dev/null -X POST -H 'authorization: Bearer ${token}' -H 'content-type: application/json' ` +
    `-d '${body}' '${baseUrl}/v1/doMoveItem'`;
  const script = `for i in $(seq ${count}); do ${curl}; done`;
  const started = performance.now();
  spawnSync('bash', ['-c', script], { stdio: 'ignore' });
  return (count / (performance.now() - started)) * 1000;
}

/** Requests per second autocannon gets from doMoveItem (16 connections, `seconds` long). */
function ceiling(baseUrl, token, seconds = 5) {
  const body = JSON.stringify({ msku: 'MUG-BLUE-11OZ', quantity: 1, fromLocationId: 1, toLocationId: 2 });
  const out = execFileSync(
    process.execPath,
    [
      AUTOCANNON,
      '-j',
      '-c',
      '16',
      '-d',
      String(seconds),
      '-m',
      'POST',
      '-H',
      `authorization=Bearer ${token}`,
      '-H',
      'content-type=application/json',
      '-b',
      body,
      `${baseUrl}/v1/doMoveItem`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const result = JSON.parse(out);
  if (result.non2xx > 0) throw new Error(`autocannon saw ${result.non2xx} errors`);
  return result.requests.average;
}

export async function movesBench() {
  const sandbox = await sandboxProcess(['--seed', 'demo']);
  try {
    await stock(sandbox);
    const file = join(sandbox.dir, 'moves.csv');
    writeFileSync(
      file,
      'msku,quantity,from,to\n' +
        Array.from({ length: MOVES }, (_, i) => `MUG-BLUE-11OZ,1,1,${2 + (i % 2)}`).join('\n') +
        '\n',
    );
    // The sandbox is warmed up first, as the ceiling is a warm figure; inv's own warm-up counts against it.
    ceiling(sandbox.info.baseUrl, sandbox.token, 2);
    const rates = { inv: [], curl: [], ceiling: [] };
    let rss = 0;
    for (let round = 0; round < ROUNDS; round++) {
      rates.curl.push(curlLoop(sandbox.info.baseUrl, sandbox.token, CURL_SAMPLE));
      // A file of its own each round, run with --again: these are the same moves as last round's, made again on purpose.
      const copy = join(sandbox.dir, `moves-${round}.csv`);
      writeFileSync(
        copy,
        'msku,quantity,from,to\n' +
          Array.from({ length: MOVES }, (_, i) => `MUG-BLUE-11OZ,1,1,${2 + ((i + round) % 2)}`).join('\n') +
          '\n',
      );
      const run = await timedRun(
        ['move', '--file', copy, '--again', '--concurrency', process.env.BENCH_CONCURRENCY ?? '16', '-q'],
        sandbox.env,
      );
      if (run.code !== 0) throw new Error(`inv move failed (${run.code}): ${run.stderr}`);
      rates.inv.push((MOVES / run.ms) * 1000);
      rss = Math.max(rss, run.rssMB);
      rates.ceiling.push(ceiling(sandbox.info.baseUrl, sandbox.token));
    }
    const inv = median(rates.inv);
    const curl = median(rates.curl);
    const top = median(rates.ceiling);
    report(`inv move --file, ${MOVES} moves (median of ${ROUNDS})`, inv, 'moves/s');
    report(`bash loop of curl calls (${CURL_SAMPLE} moves a round)`, curl, 'moves/s');
    report('sandbox ceiling on doMoveItem (autocannon, 16 conn.)', top, 'req/s');
    report('  inv / curl loop', inv / curl, '×', inv / curl >= 40 ? 'target ≥ 40×: met' : 'target ≥ 40×: MISSED');
    report(
      '  inv / ceiling',
      (inv / top) * 100,
      '%',
      inv / top >= 0.5 ? 'target ≥ 50 %: met' : 'target ≥ 50 %: MISSED',
    );
    report(
      '  peak RSS of inv (max of rounds)',
      rss,
      'MB',
      rss < 150 ? 'target < 150 MB: met' : 'target < 150 MB: MISSED',
    );
    return { inv, curl, ceiling: top, rss };
  } finally {
    await sandbox.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await movesBench();
