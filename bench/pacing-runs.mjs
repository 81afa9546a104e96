// The runs bench/rate-limit.mjs measures: a batch of moves of its own through a sandbox in a process of its own, with a
// state directory of its own (or one shared with an earlier run, for the second night), and a reference client that
// never slows down, for the throughput a server with random 429s lets through.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { timedRun } from './lib.mjs';

/** The sandbox's control routes (rate limit, counts). */
export function admin(sandbox) {
  return async (method, path, body) => {
    const res = await fetch(`${sandbox.info.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    return res.json();
  };
}

/**
 * `moves` moves of quantity `q` (so that no two batches repeat each other) through `sandbox`, with the state directory
 * `state` (a name under the sandbox's directory); resolves to seconds, the 429s the limiter answered, the log's rate
 * lines and the exit code.
 */
export async function batch(sandbox, { q, moves, state }) {
  const file = join(sandbox.dir, `moves-${q}.csv`);
  writeFileSync(
    file,
    'msku,quantity,from,to\n' +
      Array.from({ length: moves }, (_, i) => `MUG-BLUE-11OZ,${q},1,${2 + (i % 2)}`).join('\n') +
      '\n',
  );
  const stateDir = join(sandbox.dir, state);
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const before = await admin(sandbox)('GET', '/_sandbox/rate-limit');
  const r = await timedRun(['move', '--file', file], { ...sandbox.env, INV_STATE_DIR: stateDir });
  const after = await admin(sandbox)('GET', '/_sandbox/rate-limit');
  if (r.code !== 0) throw new Error(`inv move exited ${r.code}: ${r.stderr}`);
  // BENCH_SHOW=1 prints each run's log (its pauses and cuts).
  if (process.env.BENCH_SHOW) console.log(r.stderr);
  const lines = r.stderr.split('\n').filter((l) => /rate limited|429s come|rate learnt/.test(l));
  const throttled = after.throttled - before.throttled;
  return { seconds: r.ms / 1000, throttled, allowed: after.allowed - before.allowed, lines: lines.length };
}

/**
 * The reference for random 429s: `moves` moves sent `concurrency` at a time with fetch, each 429 retried after its
 * Retry-After or the retry hook's backoff (equal jitter from 250 ms, doubling, at most 8 s: THROTTLED in
 * src/http/retry.ts), no request ever waiting for another's; resolves to seconds.
 */
export async function neverSlowing(sandbox, { q, moves, concurrency = 8 }) {
  const url = `${sandbox.info.baseUrl}/v1/doMoveItem`;
  const headers = { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < moves) {
      const i = next++;
      const body = JSON.stringify({ msku: 'MUG-BLUE-11OZ', quantity: q, fromLocationId: 1, toLocationId: 2 + (i % 2) });
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(url, { method: 'POST', headers, body });
        await res.arrayBuffer();
        if (res.status !== 429) break;
        const ceiling = Math.min(8000, 250 * 2 ** (attempt - 1));
        const wait = Math.max(
          Number(res.headers.get('retry-after') ?? 0) * 1000,
          ceiling / 2 + (Math.random() * ceiling) / 2,
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (performance.now() - started) / 1000;
}
