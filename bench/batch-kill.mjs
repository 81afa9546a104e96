// SIGKILL trials: a 2,000-row move batch against a sandbox that drops 1 % of connections after applying
// the move and answers 1 % with 503 before applying it; each run is killed at a random moment, then run
// again until finished, rows in doubt settled by what the server holds (as a person would after
// `inv batch show`). Each row moves its own item, so the server's quantities say exactly whether a row
// was applied once, twice or never. Figures go to stdout and to bench/RESULTS.md.
// Usage: npm run build && node bench/batch-kill.mjs [trials] [rows]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, BIN, writeSection, writtenBy } from './lib.mjs';

const TRIALS = Number(process.argv[2] ?? 10);
const ROWS = Number(process.argv[3] ?? 2000);
const { startSandbox } = await import('../dist/sandbox.js');

/** Runs inv; resolves to its exit code and output. */
function inv(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function trial(n) {
  const dir = mkdtempSync(join(tmpdir(), 'inv-kill-'));
  const sandbox = await startSandbox({ port: 0, seed: 'empty' });
  try {
    const { account } = sandbox;
    const bay = (name) => {
      const id = account.nextLocationId();
      account.putLocation({
        id,
        display: name,
        order: 1,
        type: 'shelf',
        ref: null,
        notes: null,
        created: account.now(),
        modified: null,
      });
      return id;
    };
    const [A, B] = [bay('Bay A'), bay('Bay B')];
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      msku: `K-${String(i).padStart(5, '0')}`,
      quantity: 1 + (i % 3),
    }));
    for (const r of rows) {
      account.putItem({
        msku: r.msku,
        inactive: 'n',
        productId: null,
        productIdType: null,
        title: r.msku,
        manufacturer: null,
        image: null,
        type: null,
        cond: 'new',
        notes: null,
        createdUserId: '1001',
        created: account.now(),
        value: null,
        rank: null,
        modified: null,
        attributes: [],
      });
      account.adjustStock(account.ensureStock(r.msku, A).id, 10);
    }
    const at = (msku, id) => account.stockOf(msku, id)?.quantity ?? 0;
    const file = join(dir, 'moves.csv');
    writeFileSync(
      file,
      'msku,quantity,from,to\n' + rows.map((r) => `${r.msku},${r.quantity},${A},${B}`).join('\n') + '\n',
    );
    const { clientId } = sandbox.credentials.oauth;
    const env = benchEnv({
      INV_CONFIG_DIR: join(dir, 'config'),
      INV_STATE_DIR: join(dir, 'state'),
      INV_BASE_URL: sandbox.baseUrl,
      INV_TOKEN: sandbox.oauth.issueTokens(clientId, '1001', '').access_token,
    });
    Object.assign(sandbox.inventory.faults.settings, { dropRate: 0.01, failRate: 0.01, failStatus: 503 });
    const batch = `kill-${n}`;

    // The first run, killed at a random point of the batch.
    const killAfter = Math.floor(ROWS * (0.1 + Math.random() * 0.8));
    const child = spawn(process.execPath, [BIN, 'move', '--file', file, '--batch', batch, '-q'], {
      env,
      stdio: 'ignore',
    });
    const closed = new Promise((resolve) => child.on('close', resolve));
    const moves = () => sandbox.inventory.stats.count('/v1/doMoveItem', 'POST');
    while (moves() < killAfter && child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await closed;
    const sentBeforeKill = moves();

    let runs = 1;
    let listed = 0;
    let applied = 0;
    let notApplied = 0;
    for (;;) {
      const r = await inv(['move', '--file', file, '--batch', batch, '-q'], env);
      runs++;
      if (r.code === 0) break; // every row done (a run that finds it finished sends nothing and exits 0 too)
      if (r.code !== 0 && r.code !== 6) throw new Error(`trial ${n}: run ${runs} exited ${r.code}: ${r.stderr}`);
      const shown = await inv(['batch', 'show', batch, '--state', 'in-doubt', '-o', 'ndjson'], env);
      for (const row of shown.stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))) {
        listed++;
        const wasApplied = at(row.msku, B) === row.quantity;
        if (wasApplied) applied++;
        else notApplied++;
        const settled = await inv(
          ['batch', 'resolve', batch, '--row', row.row, wasApplied ? '--applied' : '--not-applied'],
          env,
        );
        if (settled.code !== 0) throw new Error(`trial ${n}: resolve: ${settled.stderr}`);
      }
      if (runs > 30) throw new Error(`trial ${n}: not finished after 30 runs`);
    }
    let doubled = 0;
    let lost = 0;
    for (const r of rows) {
      const moved = at(r.msku, B);
      if (moved > r.quantity || at(r.msku, A) < 10 - r.quantity) doubled++;
      else if (moved < r.quantity) lost++;
    }
    return { n, killAfter: sentBeforeKill, runs, listed, applied, notApplied, requests: moves(), doubled, lost };
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const started = performance.now();
const results = [];
for (let n = 1; n <= TRIALS; n++) {
  const r = await trial(n);
  results.push(r);
  console.log(
    `trial ${n}: killed after ${r.killAfter} requests; ${r.runs} runs; ` +
      `${r.listed} rows listed in doubt (${r.applied} applied, ${r.notApplied} not); ` +
      `${r.requests} requests; doubled ${r.doubled}, lost ${r.lost}`,
  );
}
const sum = (k) => results.reduce((s, r) => s + r[k], 0);
const line =
  `${TRIALS} trials × ${ROWS} rows, 1 % drops after applying and 1 % 503s, SIGKILL at a random point, ` +
  `rerun until finished: ${sum('doubled')} rows doubled, ${sum('lost')} lost; ` +
  `${sum('listed')} rows listed in doubt by \`inv batch show\` (${sum('applied')} found applied, ` +
  `${sum('notApplied')} not); ${sum('runs')} runs; ${((performance.now() - started) / 1000).toFixed(0)} s`;
console.log(`\n${line}`);
writeSection(
  'batch-kill',
  `## SIGKILL trials (bench/batch-kill.mjs)

${writtenBy(`node bench/batch-kill.mjs ${TRIALS} ${ROWS}`)}.

${line}.`,
);
if (sum('doubled') + sum('lost') > 0) process.exitCode = 1;
