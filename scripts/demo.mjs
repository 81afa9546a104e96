// npm run demo: starts a sandbox on free ports with a throwaway config, runs a short tour of
// real `inv` commands against it (each printed before its output), then stops the sandbox.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../dist/sandbox.js';

const bin = fileURLToPath(new URL('../bin/inv.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'inv-demo-'));
const sandbox = await startSandbox({ port: 0 });
const env = {
  ...process.env,
  INV_CONFIG_DIR: join(dir, 'config'),
  INV_STATE_DIR: join(dir, 'state'),
  INV_PROFILE: 'demo',
};
// A rehearsal's secrets stay in its throwaway config: the demo never writes to the user's own system keyring.
delete env.DBUS_SESSION_BUS_ADDRESS;
env.XDG_RUNTIME_DIR = dir;
delete env.INV_RESEARCH_URL;
delete env.INV_RESEARCH_CLIENT_ID;
delete env.INV_RESEARCH_SECRET;
const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[0m` : s);
let failed = 0;

/**
 * Runs one inv command, showing it as typed; `input` is piped to stdin and shown as `shownInput`;
 * values in `hide` are shown as placeholders (secrets never reach the screen).
 */
async function inv(args, { input, shownInput, hide = {}, capture = false, silent = false, expect = 0 } = {}) {
  const shown = args.map((a) => hide[a] ?? (/[\s"]/.test(a) ? `'${a}'` : a)).join(' ');
  if (!silent) console.log(bold(`\n$ ${shownInput ? `${shownInput} | ` : ''}inv ${shown}`));
  // Asynchronous on purpose: the sandbox answers from this same process.
  const child = spawn(process.execPath, [bin, ...args], {
    env,
    stdio: ['pipe', capture ? 'pipe' : 'inherit', 'inherit'],
  });
  let out = '';
  if (capture) child.stdout.on('data', (d) => (out += d));
  child.stdin.end(input ?? '');
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (capture && !silent) process.stdout.write(out);
  if (code !== expect) {
    failed++;
    console.log(`(exit ${code})`);
  }
  return out;
}

try {
  const { research, oauth } = sandbox.credentials;
  console.log(`Sandbox: inventory ${sandbox.baseUrl}, research ${sandbox.researchUrl}`);
  await inv(['profile', 'create', 'demo']);
  await inv(['config', 'set', 'baseUrl', sandbox.baseUrl]);
  await inv(['config', 'set', 'clientId', oauth.clientId]);
  await inv(['config', 'set', 'clientSecret', '--stdin'], {
    input: oauth.clientSecret,
    shownInput: 'printf %s "$CLIENT_SECRET"',
  });
  await inv(['login', '--password', '--username', oauth.username, '--password-stdin'], {
    input: oauth.password,
    shownInput: 'printf %s "$PASSWORD"',
  });
  await inv(['whoami', '-o', 'table']);
  await inv(['locations', 'create', '--display', 'Shelf C1', '--type', 'shelf', '--order', '40', '-o', 'table']);
  await inv(['locations', 'list', '-o', 'table']);
  await inv([
    'items',
    'create',
    '--msku',
    'TEA-GREEN-50',
    '--title',
    'Green tea, 50 bags',
    '--cond',
    'new',
    '--product-id',
    'B07FZ8S74R',
    '--product-id-type',
    'ASIN',
    '--value',
    '6.90',
    '--fields',
    'msku,title,value,created',
    '--json',
  ]);
  await inv(['items', 'list', '-o', 'table']);
  await inv(['stock', 'list', '--msku', 'MUG-BLUE-11OZ', '-o', 'table']);
  await inv(['stock', 'adjust', '1', '+12', '-o', 'table']);
  await inv(['stock', 'set', 'MUG-BLUE-11OZ', 'Shelf A1', '100', '-o', 'table']);
  await inv(['move', 'MUG-BLUE-11OZ', '40', '--from-purchase', '5001', '--to', 'Receiving dock', '-o', 'table']);
  await inv(['move', 'MUG-BLUE-11OZ', '40', '--from', 'Receiving dock', '--to', 'Shelf C1', '-o', 'table']);
  await inv(['plan', 'MUG-BLUE-11OZ', '24', '-o', 'table']);
  await inv(['send-to-fba', 'MUG-BLUE-11OZ', '24', '--from', 'Shelf C1', '-o', 'table']);
  await inv(['send-to-fba', 'MUG-BLUE-11OZ', '6', '--from', 'Shelf C1', '-o', 'table']);
  await inv(['shipments', 'list', '-o', 'table']);
  const plan = JSON.parse(await inv(['plan', 'MUG-BLUE-11OZ', '1', '--json'], { capture: true, silent: true }));
  const { fnsku } = Object.values(Object.values(plan)[0].items)[0];
  const label = join(dir, 'label.png');
  await inv(['label', 'MUG-BLUE-11OZ', fnsku, '--out', label], { hide: { [label]: 'label.png' } });
  console.log(`(label.png: ${statSync(label).size} bytes, a Code 128 barcode of ${fnsku})`);
  const moves = join(dir, 'moves.csv');
  writeFileSync(
    moves,
    'msku,quantity,from,to\nBOOK-COOK-001,5,Shelf A1,Shelf C1\nCABLE-USBC-2M,20,Shelf A2,Shelf C1\nPUZZLE-1000,10,Shelf A2,Returns\n',
  );
  await inv(['move', '--file', moves, '--dry-run', '-o', 'table'], { hide: { [moves]: 'moves.csv' } });
  await inv(['move', '--file', moves, '--output', 'ndjson'], { hide: { [moves]: 'moves.csv' } });
  // Running a finished batch again sends nothing and says so (exit 0): --again repeats it.
  await inv(['move', '--file', moves, '-o', 'table'], { hide: { [moves]: 'moves.csv' } });
  await inv(['batch', 'list', '-o', 'table']);
  await inv(['config', 'set', 'researchUrl', sandbox.researchUrl]);
  await inv(['research', 'login', '--client-id', research.clientId, '--secret-stdin'], {
    input: research.secretKey,
    shownInput: 'printf %s "$SECRET"',
  });
  await inv(['fees', 'B00X4WHP5E', 'B07FZ8S74R', '--price', '14.99 24.99', '-o', 'table']);
  await inv(['offers', 'B00X4WHP5E', '-o', 'table']);
  await inv(['categories', 'B07FZ8S74R', '-o', 'table']);
  await inv(['search', 'usb cable', '-o', 'table']);
  await inv(['item-lookup', 'B07FZ8S74R', '-o', 'table']);
  await inv(['fees', 'B00X4WHP5E', '--price', '19.99', '--fields', 'asin,price,fbaFees.netIncome', '--json']);
  await inv(['search', '--isbn', '978-0-316-76948-8', '-o', 'table']);
  await inv(['scout', '--cost', '3', '-o', 'table'], {
    input: 'B07FZ8S74R\n012345678905 4.50\n012345678906\ntotal\n',
    shownInput: "printf 'B07FZ8S74R\\n012345678905 4.50\\n012345678906\\ntotal\\n'",
  });
  // A pallet's manifest as a lot: ranked by line profit, its totals, its buy list and its HTML report.
  const manifest = join(dir, 'manifest.csv');
  const buys = join(dir, 'buys.csv');
  const report = join(dir, 'lot.html');
  writeFileSync(
    manifest,
    'code,cost,qty\nB07FZ8S74R,4.00,12\n012345678905,2.50,40\nB00X4WHP5E,9.00,6\nB0MAN00003,1.50,30\n',
  );
  const files = { [manifest]: 'manifest.csv', [buys]: 'buys.csv', [report]: 'lot.html' };
  await inv(['scout', '--file', manifest, '--buy-list', buys, '--report', report, '-o', 'table'], { hide: files });
  await inv(['items', 'import', buys, '-o', 'table'], { hide: files });
  await inv(['profit', 'B07FZ8S74R', '--cost', '5', '-o', 'table']);
  await inv(['config', 'list', '-o', 'table']);
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  failed ? `\n${failed} demo step(s) failed` : '\nDemo done: the sandbox is stopped and its throwaway config removed.',
);
process.exitCode = failed ? 1 : 0;
