// `npm test` as CI meets it: a fresh clone after `npm ci`, no lint cache, no dist/ (the first run), then again with
// nothing changed (the second). Target: every first run ≤ 100 s wall on this machine. Beside each wall time: the CPU
// of the processes the run started (user + sys, as the shell's `times` counts them) and the machine's busy and idle
// CPU time meanwhile (/proc/stat: the kernel's work for the run too, such as loopback traffic, and processes that
// left the run's tree). This host's speed swings by a quarter within minutes, so CPU says more than wall time; idle
// ≈ 0 means the run was CPU-bound.
// Given several git refs, runs them in turn, each in a clone of its own, so that they share the machine's moods; the
// order is reversed every other round (A B, B A, A B, …): in five pairs measured so far, the first of a round was the
// slower one whichever commit it was. Usage: node bench/suite.mjs [--runs N] [ref …]   (default: 3 runs of HEAD)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, table, verdict, writeSection, writtenBy } from './lib.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const TARGET_S = 100;
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const REFS = args.length > 0 ? args : ['HEAD'];
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs: a whole number of at least 1');

/** The environment CI gives npm test: CI set, no terminal, nothing of this process's npm or Node options. */
function ciEnv() {
  // LC_ALL=C: the shell's `times` writes its decimal point as this locale's.
  const env = { ...process.env, CI: 'true', LC_ALL: 'C' };
  for (const key of Object.keys(env)) if (key.startsWith('npm_') || key === 'NODE_OPTIONS') delete env[key];
  delete env.SHELL;
  return env;
}

/** The machine's CPU seconds so far, all CPUs together: busy (any work, the kernel's too) and idle; undefined off Linux. */
function machineSeconds() {
  if (!existsSync('/proc/stat')) return undefined;
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal, in USER_HZ (100 a second on Linux); guest time is counted in user
  // already, and time waiting for the disk counts as idle.
  const idle = ticks[3] + ticks[4];
  const all = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (all - idle) / 100, idle: idle / 100 };
}

/** The user and sys seconds of the children in the shell's `times` output ("0m1.2s 0m0.3s", its second line). */
function childrenSeconds(printed) {
  const times = [...(printed.trim().split('\n').at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/g)];
  if (times.length !== 2) throw new Error(`unexpected output of the shell's times: ${JSON.stringify(printed)}`);
  return times.map(([, m, s]) => Number(m) * 60 + Number(s));
}

/**
 * Runs `npm test` in `dir`, its output to `log`; resolves to its exit code, wall time, the CPU of the processes it
 * started and the machine's meanwhile (seconds), and the summary line npm test printed.
 */
function npmTest(dir, log) {
  return new Promise((resolve, reject) => {
    // `times` prints the shell's own CPU, then its children's: user and sys of everything npm test started.
    const script = 'npm test </dev/null >"$LOG" 2>&1; code=$?; times; exit $code';
    const before = machineSeconds();
    const started = performance.now();
    const child = spawn('sh', ['-c', script], {
      cwd: dir,
      env: { ...ciEnv(), LOG: log },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        const wall = (performance.now() - started) / 1000;
        const [user, sys] = childrenSeconds(out);
        const summary = /npm test: .*/.exec(readFileSync(log, 'utf8'))?.[0] ?? 'no summary line';
        const after = machineSeconds();
        const machine = before && { busy: after.busy - before.busy, idle: after.idle - before.idle };
        resolve({ code, wall, cpu: user + sys, machine, summary });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The commit `ref` names, abbreviated (throws when it names none). */
const commitOf = (ref) =>
  execFileSync('git', ['rev-parse', '--verify', '--quiet', '--short', '--end-of-options', `${ref}^{commit}`], {
    cwd: REPO,
    encoding: 'utf8',
  }).trim();

/** A clone of the repository at `commit`, after `npm ci`, in `dir`. */
function cloneAt(ref, commit, dir) {
  execFileSync('git', ['clone', '--quiet', '--no-checkout', REPO, dir]);
  execFileSync('git', ['checkout', '--quiet', commit], { cwd: dir });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    env: ciEnv(),
    stdio: 'ignore',
  });
  // A ref given as the commit's own abbreviation is named once.
  const label = commit.startsWith(ref) || ref.startsWith(commit) ? commit : `${ref} (${commit})`;
  return { ref, commit, label, dir, first: [], second: [] };
}

/** Every directory this run made, removed at its end, on failure, or on Ctrl-C. */
const made = [];
const removeMade = () => made.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    removeMade();
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}
/** A new directory in TMPDIR, removed with the others at the end. */
const newDir = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

const fmt = (r) => {
  const machine = r.machine ? `; machine busy ${r.machine.busy.toFixed(0)} s, idle ${r.machine.idle.toFixed(0)} s` : '';
  return `${r.wall.toFixed(1)} s (CPU ${r.cpu.toFixed(0)} s${machine})`;
};

const commits = REFS.map((ref) => {
  try {
    return commitOf(ref);
  } catch {
    throw new Error(`${ref}: not a commit of this repository`);
  }
});
const clones = [];
try {
  for (const [i, ref] of REFS.entries()) clones.push(cloneAt(ref, commits[i], newDir('inv-suite-')));
  // Outside the clones: a file in one would be seen by the lint and the format check.
  const logs = newDir('inv-suite-logs-');
  for (let run = 0; run < RUNS; run++) {
    for (const clone of run % 2 === 0 ? clones : [...clones].reverse()) {
      // What a fresh clone's first npm test finds: no dist/, no lint cache, no vitest results (by which
      // vitest orders the files).
      for (const cached of ['dist', 'node_modules/.cache', 'node_modules/.vite']) {
        rmSync(join(clone.dir, cached), { recursive: true, force: true });
      }
      for (const which of ['first', 'second']) {
        const log = join(logs, `${clone.commit}-${run + 1}-${which}.log`);
        const r = await npmTest(clone.dir, log);
        if (r.code !== 0) throw new Error(`npm test failed (${clone.ref}): ${r.summary}\n${readFileSync(log, 'utf8')}`);
        clone[which].push(r);
        console.log(`${clone.label} run ${run + 1}, ${which}: ${fmt(r)}`);
      }
    }
  }
} finally {
  removeMade();
}

const rows = clones.flatMap((clone) => {
  const { label } = clone;
  const spread = (runs) => {
    const walls = runs.map((r) => r.wall);
    return `median ${median(walls).toFixed(1)} s, slowest ${Math.max(...walls).toFixed(1)} s`;
  };
  // Met only when every first run was within the target: a median under it can hide runs over it.
  const met = clone.first.every((r) => r.wall <= TARGET_S);
  return [
    [`${label}, first run`, clone.first.map(fmt).join('; '), spread(clone.first), `≤ ${TARGET_S} s`, verdict(met)],
    [`${label}, second run`, clone.second.map(fmt).join('; '), spread(clone.second), '', ''],
  ];
});
console.log(rows.map((r) => r.slice(0, 3).join(' — ')).join('\n'));
writeSection(
  'suite',
  `## \`npm test\` on a fresh clone (bench/suite.mjs)

${writtenBy(`node bench/suite.mjs --runs ${RUNS} ${REFS.join(' ')}`)}. Each run: a clone after \`npm ci\`, its
\`dist/\`, \`node_modules/.cache\` and \`node_modules/.vite\` removed (the first run, as CI meets it), then \`npm test\` again with nothing
changed (the second). CPU is user + sys of the processes the run started; machine busy and idle are the whole
machine's CPU time meanwhile, all CPUs together (idle ≈ 0: the run was CPU-bound). The refs ran in turn, the order
reversed every other round.

${table(['what', 'runs', 'wall', 'target', ''], rows)}`,
);
