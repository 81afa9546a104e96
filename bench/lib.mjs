// Shared helpers of the benchmarks: a sandbox in its own process, a token, timed runs of bin/inv with their
// peak RSS, and each benchmark's section of bench/RESULTS.md. NODE_EXTRA_CA_CERTS is removed from measured
// runs (it adds ~70 ms to any start).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/inv.js', import.meta.url));
const PROBE = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

/** The environment of measured runs. */
export function benchEnv(extra = {}) {
  const env = { ...process.env, NO_COLOR: '1', ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.CI;
  return env;
}

/** Starts `inv sandbox` in a process of its own; resolves to its printed info, a token, and stop(). */
export async function sandboxProcess(args = []) {
  const dir = mkdtempSync(join(tmpdir(), 'inv-bench-'));
  const child = spawn(
    process.execPath,
    [BIN, 'sandbox', '-q', '--port', '0', '--ephemeral', '--json', '--no-save-profile', ...args],
    {
      env: benchEnv({ INV_CONFIG_DIR: join(dir, 'config') }),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const info = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
      try {
        resolve(JSON.parse(text));
      } catch {
        // not all of it yet
      }
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const { clientId, clientSecret, username, password } = info.login;
  let answer;
  // A sandbox started with --fault-rate answers the token request with its faults too: asked again until it answers.
  for (let attempt = 1; attempt <= 20 && !answer?.ok; attempt++) {
    answer = await fetch(`${info.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${clientId}:${clientSecret}`).toString('base64') },
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
  }
  const token = (await answer.json()).access_token;
  const env = benchEnv({
    INV_CONFIG_DIR: join(dir, 'config'),
    INV_STATE_DIR: join(dir, 'state'),
    INV_BASE_URL: info.baseUrl,
    INV_TOKEN: token,
  });
  return {
    info,
    token,
    env,
    /** The environment with the research API's address and keys added. */
    researchEnv: {
      ...env,
      INV_RESEARCH_URL: info.researchUrl,
      INV_RESEARCH_CLIENT_ID: info.research.clientId,
      INV_RESEARCH_SECRET: info.research.secretKey,
    },
    dir,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('close', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Receives plenty of MUG-BLUE-11OZ into location 1 of a demo sandbox, so that every batch has stock to move. */
export async function stock(sandbox) {
  const r = await timedRun(['move', 'MUG-BLUE-11OZ', '100000000', '--from-purchase', '5001', '--to', '1'], sandbox.env);
  if (r.code !== 0) throw new Error(r.stderr);
}

/**
 * Runs `node bin/inv.js args` (stdin: `input`, a string, Buffer or stream); resolves to wall time (ms), peak RSS (MB),
 * exit code and output size.
 */
export function timedRun(args, env, { input, bin = BIN } = {}) {
  const rssDir = mkdtempSync(join(tmpdir(), 'inv-rss-'));
  const rssFile = join(rssDir, 'rss');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PROBE, bin, ...args], {
      env: { ...env, BENCH_RSS_FILE: rssFile },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      bytes += d.length;
      for (const b of d) if (b === 10) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      let rssMB = NaN;
      try {
        rssMB = Number(readFileSync(rssFile, 'utf8')) / 1024;
      } catch {
        // the process died before writing it
      }
      rmSync(rssDir, { recursive: true, force: true });
      resolve({ ms, rssMB, code, bytes, lines, stderr });
    });
    // A process that refuses its input early stops reading it: that is its answer, not the bench's failure.
    child.stdin.on('error', () => undefined);
    if (typeof input?.pipe === 'function') input.on('error', reject).pipe(child.stdin);
    else child.stdin.end(input ?? '');
  });
}

/** The median of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Prints a figure line: name, value, unit, and the target it is held to. */
export function report(name, value, unit, target) {
  const shown = typeof value === 'number' ? value.toFixed(value >= 100 ? 0 : 1) : value;
  console.log(`${name.padEnd(52)} ${String(shown).padStart(9)} ${unit.padEnd(6)} ${target ?? ''}`);
}

/** The last cell of a results row: whether the figure meets its target. */
export function verdict(met) {
  return met ? 'met' : '**missed**';
}

/** A markdown table: the column names of `head`, then `rows` (each an array of cells). */
export function table(head, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), `|${head.map(() => '---|').join('')}`, ...rows.map(line)].join('\n');
}

/** The line under a section's heading: which command wrote it, when, and on which node. */
export function writtenBy(command) {
  return `Written by \`${command}\` on ${new Date().toISOString()}, node ${process.version}`;
}

/**
 * Writes a benchmark's own section of bench/RESULTS.md: `markdown` between `<!-- name -->` and `<!-- /name -->`, in
 * place of that section as it was, or at the end of the file the first time; the rest of the file is left as it is.
 */
export function writeSection(name, markdown) {
  const section = `<!-- ${name} -->\n${markdown.trim()}\n<!-- /${name} -->\n`;
  const text = readFileSync(RESULTS, 'utf8');
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const marked = new RegExp(`<!-- ${quoted} -->[\\s\\S]*?<!-- /${quoted} -->\\n?`);
  // A function, so that a "$" in the figures is not read as a replacement pattern.
  writeFileSync(RESULTS, marked.test(text) ? text.replace(marked, () => section) : `${text.trimEnd()}\n\n${section}`);
  console.log(`section "${name}" written to bench/RESULTS.md`);
}
