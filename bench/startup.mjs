// Benchmark: start-up. `inv --version`, `inv --help` and `inv fees --help` against `node -e 0`, run
// interleaved (A B C D A B C D ...), medians compared. Targets: --version ≤ 1.3 ×, fees --help ≤ 1.6 ×. Beside them,
// `inv profile list --json`: a noun's verb, which registers the noun's verbs and reads the config, and asks no server.
import { spawnSync } from 'node:child_process';
import { benchEnv, BIN, median, report } from './lib.mjs';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 40);

/** Wall time of one run of `node args`, in ms. */
function once(args, env) {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'ignore'] });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}`);
  return performance.now() - started;
}

/** Runs every case RUNS times, interleaved, after a warm-up round; returns the medians by name. */
export function interleaved(cases, env, runs = RUNS) {
  const times = Object.fromEntries(cases.map(([name]) => [name, []]));
  for (const [, args] of cases) once(args, env);
  for (let i = 0; i < runs; i++) for (const [name, args] of cases) times[name].push(once(args, env));
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

export async function startupBench() {
  const env = benchEnv({ INV_CONFIG_DIR: '/tmp/inv-bench-startup' });
  const m = interleaved(
    [
      ['node -e 0', ['-e', '0']],
      ['inv --version', [BIN, '--version']],
      ['inv --help', [BIN, '--help']],
      ['inv fees --help', [BIN, 'fees', '--help']],
      ['inv profile list --json', [BIN, 'profile', 'list', '--json']],
    ],
    env,
  );
  const base = m['node -e 0'];
  report(`node -e 0 (median of ${RUNS}, interleaved)`, base, 'ms');
  for (const [name, target] of [
    ['inv --version', 1.3],
    ['inv --help', undefined],
    ['inv fees --help', 1.6],
    ['inv profile list --json', undefined],
  ]) {
    const ratio = m[name] / base;
    const held = target ? `, target ≤ ${target} ×: ${ratio <= target ? 'met' : 'MISSED'}` : '';
    report(`${name}`, m[name], 'ms', `${ratio.toFixed(2)} × node${held}`);
  }
  return {
    node: base,
    version: m['inv --version'],
    help: m['inv --help'],
    feesHelp: m['inv fees --help'],
    nounVerb: m['inv profile list --json'],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await startupBench();
