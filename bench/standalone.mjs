// Benchmark: the standalone executables of `npm run dist`. Start-up: `dist-bin/inv-linux-<arch> --version` against
// `node -e 0` of the Node it is built on (and of the machine's Node), interleaved, medians; target ≤ 1.3 ×. A one-shot
// `inv fees` from the executable against the npm install (`node bin/inv.js`) on the same Node 22 (and on the machine's
// Node), interleaved; target: no slower than the npm install on the same Node. Each
// executable's size against its node binary; target ≤ node + 10 MB. Writes its section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { arch, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BIN, benchEnv, median, report, sandboxProcess, table, verdict, writeSection, writtenBy } from './lib.mjs';

const RUNS = Number(process.env.BENCH_STANDALONE_RUNS ?? 30);
const OUT = fileURLToPath(new URL('../dist-bin/', import.meta.url));
const EXE = `${OUT}inv-linux-${arch()}`;
const nodeOf = (target, bin = 'bin/node') => `${OUT}.work/node-${target}/node_modules/node-${target}/${bin}`;
const NODE = nodeOf(`linux-${arch()}`);

function timed(command, args, env) {
  const started = performance.now();
  const r = spawnSync(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return performance.now() - started;
}

/** Runs each case RUNS times, interleaved, after one warm-up round; the medians by name. */
function interleaved(cases) {
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (const run of Object.values(cases)) run();
  for (let i = 0; i < RUNS; i++) for (const [name, run] of Object.entries(cases)) times[name].push(run());
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

export async function standaloneBench() {
  if (!existsSync(EXE) || !existsSync(NODE)) throw new Error(`${EXE} is not built: npm run dist`);
  const env = benchEnv({ INV_CONFIG_DIR: '/tmp/inv-bench-standalone' });
  const start = interleaved({
    'node -e 0 (the same Node 22)': () => timed(NODE, ['-e', '0'], env),
    [`node -e 0 (this machine's ${process.version})`]: () => timed(process.execPath, ['-e', '0'], env),
    'inv-linux --version': () => timed(EXE, ['--version'], env),
    'node bin/inv.js --version (npm install)': () => timed(process.execPath, [BIN, '--version'], env),
  });
  const base = start['node -e 0 (the same Node 22)'];
  for (const [name, value] of Object.entries(start))
    report(name, value, 'ms', `${(value / base).toFixed(2)} × node 22`);

  const sandbox = await sandboxProcess();
  let fees;
  try {
    const { researchUrl, research } = sandbox.info;
    const feesEnv = {
      ...sandbox.env,
      INV_RESEARCH_URL: researchUrl,
      INV_RESEARCH_CLIENT_ID: research.clientId,
      INV_RESEARCH_SECRET: research.secretKey,
    };
    const args = ['fees', 'B00X4WHP5E', '--price', '19.99', '--json'];
    fees = interleaved({
      'inv fees, executable': () => timed(EXE, args, feesEnv),
      'inv fees, npm install on the same Node 22': () => timed(NODE, [BIN, ...args], feesEnv),
      [`inv fees, npm install on this machine's ${process.version}`]: () =>
        timed(process.execPath, [BIN, ...args], feesEnv),
    });
  } finally {
    await sandbox.stop();
  }
  for (const [name, value] of Object.entries(fees)) report(name, value, 'ms');

  const sizes = [
    ['inv-linux-x64', nodeOf('linux-x64')],
    ['inv-linux-arm64', nodeOf('linux-arm64')],
    ['inv-win-x64.exe', nodeOf('win-x64', 'bin/node.exe')],
  ]
    .filter(([exe, node]) => existsSync(OUT + exe) && existsSync(node))
    .map(([exe, node]) => ({ exe, size: statSync(OUT + exe).size, node: statSync(node).size }));
  const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  for (const s of sizes) report(`${s.exe} size`, mb(s.size), '', `node ${mb(s.node)}, + ${mb(s.size - s.node)}`);

  const ms = (v) => `${v.toFixed(1)} ms`;
  const versionRatio = start['inv-linux --version'] / base;
  const feesRatio = fees['inv fees, executable'] / fees['inv fees, npm install on the same Node 22'];
  writeSection(
    'standalone',
    [
      '## Standalone executables (bench/standalone.mjs)',
      '',
      `${writtenBy('node bench/standalone.mjs')}; medians of ${RUNS} interleaved runs, ${arch()}, load average` +
        ` ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the end (the machine is shared: compare within a run).`,
      '',
      table(
        ['figure', 'value', 'against', 'target'],
        [
          ...Object.entries(start).map(([name, value]) => [
            `\`${name}\``,
            ms(value),
            `${(value / base).toFixed(2)} × node 22 -e 0`,
            name === 'inv-linux --version' ? `≤ 1.3 ×: ${verdict(versionRatio <= 1.3)}` : '',
          ]),
          ...Object.entries(fees).map(([name, value]) => [
            name,
            ms(value),
            name.endsWith('executable') ? `${feesRatio.toFixed(2)} × the npm install on Node 22` : '',
            name.endsWith('executable') ? `no slower: ${verdict(feesRatio <= 1)}` : '',
          ]),
          ...sizes.map((s) => [
            `size of ${s.exe}`,
            mb(s.size),
            `its node ${mb(s.node)}, + ${mb(s.size - s.node)}`,
            `≤ node + 10 MB: ${verdict(s.size - s.node <= 10 * 2 ** 20)}`,
          ]),
        ],
      ),
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await standaloneBench();
