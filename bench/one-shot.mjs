// Benchmark: one fee lookup, `inv fees ASIN --price P --json`, against a sandbox in its own process,
// interleaved with a minimal Node script making the same signed request (node:http, and fetch) and with
// curl. Targets: median ≤ 100 ms, ≤ 1.3 × the fetch script and ≤ 1.5 × the node:http one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { BIN, median, report, sandboxProcess } from './lib.mjs';

const RUNS = Number(process.env.BENCH_ONESHOT_RUNS ?? 30);
const MIN_HTTP = fileURLToPath(new URL('./min-fees.mjs', import.meta.url));
const MIN_FETCH = fileURLToPath(new URL('./min-fees-fetch.mjs', import.meta.url));

function timed(command, args, env) {
  const started = performance.now();
  const r = spawnSync(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return performance.now() - started;
}

export async function oneShotBench() {
  const sandbox = await sandboxProcess();
  try {
    const { researchUrl, research } = sandbox.info;
    const env = {
      ...sandbox.env,
      INV_RESEARCH_URL: researchUrl,
      INV_RESEARCH_CLIENT_ID: research.clientId,
      INV_RESEARCH_SECRET: research.secretKey,
      R_URL: researchUrl,
      R_ID: research.clientId,
      R_SECRET: research.secretKey,
    };
    const curlArgs = () => {
      const ts = Math.floor(Date.now() / 1000);
      const key = `${ts}|${research.clientId}|${createHash('md5')
        .update(ts + research.clientId + research.secretKey)
        .digest('hex')}`;
      return ['-s', '-f', '-H', `authorization: ${key}`, `${researchUrl}/v1/fees/B00X4WHP5E?price=19.99`];
    };
    const cases = {
      inv: () => timed(process.execPath, [BIN, 'fees', 'B00X4WHP5E', '--price', '19.99', '--json'], env),
      'node:http script': () => timed(process.execPath, [MIN_HTTP], env),
      'fetch script': () => timed(process.execPath, [MIN_FETCH], env),
      curl: () => timed('curl', curlArgs(), env),
    };
    const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (const run of Object.values(cases)) run();
    for (let i = 0; i < RUNS; i++) for (const [name, run] of Object.entries(cases)) times[name].push(run());
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    report(
      `inv fees ASIN --price P --json (median of ${RUNS})`,
      m.inv,
      'ms',
      m.inv <= 100 ? 'target ≤ 100 ms: met' : 'target ≤ 100 ms: MISSED',
    );
    for (const [name, target] of [
      ['node:http script', 1.5],
      ['fetch script', 1.3],
    ]) {
      const ratio = m.inv / m[name];
      report(
        `minimal Node script, ${name.replace(' script', '')}`,
        m[name],
        'ms',
        `inv is ${ratio.toFixed(2)} × it: target ≤ ${target} × ${ratio <= target ? 'met' : 'MISSED'}`,
      );
    }
    report('curl', m.curl, 'ms', `inv is ${(m.inv / m.curl).toFixed(1)} × it`);
    return { inv: m.inv, nodeHttp: m['node:http script'], fetch: m['fetch script'], curl: m.curl };
  } finally {
    await sandbox.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await oneShotBench();
