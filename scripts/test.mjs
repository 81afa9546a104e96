// npm test: the typecheck and the lint (oxlint, oxfmt) run one after another beside vitest, not before it: the checks
// (~10 s of CPU) fill time the e2e tests spend waiting on the processes and servers they start. Each check's output
// is printed when it ends; the exit code is 1 if anything failed. Arguments go to vitest (`npm test -- test/unit`).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(dirname(require.resolve('vitest/package.json')), require('vitest/package.json').bin.vitest);
// The checks are package.json's scripts, stated once there, run the way `npm run` runs them (a shell, with
// node_modules/.bin first on PATH) but without starting npm itself for each: ~1 s of CPU apiece. Their `node` is the
// one running npm test (CI runs the suite under several Nodes).
const SCRIPTS = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
const SCRIPT_PATH = [join(ROOT, 'node_modules', '.bin'), dirname(process.execPath), process.env.PATH].filter(Boolean);
const SCRIPT_ENV = { ...process.env, PATH: SCRIPT_PATH.join(delimiter) };
const CHECKS = ['typecheck', 'lint'];

/** Runs `command` (a shell command line when `shell`); resolves to its exit code and, unless `live`, what it printed. */
function run([command, ...args], live, shell = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: shell ? SCRIPT_ENV : process.env,
      shell,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    if (!live) for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const failed = [];
const checks = (async () => {
  for (const name of CHECKS) {
    const script = SCRIPTS[name];
    const { code, output } = script
      ? await run([script], false, true)
      : { code: 1, output: `package.json has no script "${name}"\n` };
    process.stdout.write(
      `\n${code === 0 ? '✓' : '✗'} npm run ${name} (exit ${code}, ${seconds()} s into npm test)\n${output}`,
    );
    if (code !== 0) failed.push(name);
  }
})();
const tests = run([process.execPath, vitest, 'run', ...process.argv.slice(2)], true).then(({ code }) => {
  if (code !== 0) failed.push('vitest');
});
await Promise.all([checks, tests]);
process.stdout.write(
  `\nnpm test: ${failed.length ? `failed: ${failed.join(', ')}` : 'all passed'} in ${seconds()} s\n`,
);
process.exitCode = failed.length ? 1 : 0;
