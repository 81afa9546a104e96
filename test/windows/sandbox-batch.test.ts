/**
 * The sandbox and a nightly batch as a Windows program: the sandbox started on a data file in a folder with a space,
 * a password login, a batch named as Windows users type it (.\moves.csv) killed mid-run and rerun (no row twice),
 * `batch show` by a Z:\ path, and the sandbox killed and started again on its data file (its lock taken over).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { startWinInv, whyNoWine, winInv, winPath, type WinRun } from './wine.js';

const why = whyNoWine();
const ROWS = 100;

interface Info {
  baseUrl: string;
  login: { username: string; password: string };
}

const dir = why ? '' : tempDir('win batch');
const env = { INV_CONFIG_DIR: winPath(join(dir, 'config')), INV_STATE_DIR: winPath(join(dir, 'state dir')) };
const dataFile = join(dir, 'sandbox data.json');
let sandbox: WinRun | undefined;
let port = '0';

/** Starts `inv sandbox` on the data file under Wine; resolves to what it printed once it listens. */
async function startSandbox(extra: string[] = []): Promise<Info> {
  sandbox = startWinInv(['sandbox', '--json', '--port', port, '--data', winPath(dataFile), ...extra], { env });
  const running = sandbox;
  return waitFor(
    () => {
      try {
        return JSON.parse(running.output().stdout) as Info;
      } catch {
        return undefined;
      }
    },
    { what: () => `the sandbox's JSON (stderr: ${running.output().stderr})`, deadline: 60_000, every: 100 },
  );
}

async function stopSandbox(): Promise<void> {
  sandbox?.child.kill('SIGKILL');
  await sandbox?.closed;
  sandbox = undefined;
}

afterAll(stopSandbox);

/** The quantity of MUG-BLUE-11OZ in location `id`, read by inv itself. */
async function mugsIn(id: string): Promise<number> {
  const { code, stdout, stderr } = await winInv(['--profile', 'sandbox', 'stock', 'list', '--json'], { env });
  expect(code, stderr).toBe(0);
  const rows = JSON.parse(stdout) as { msku: string; locationId: string; quantity: string }[];
  return Number(rows.find((r) => r.msku === 'MUG-BLUE-11OZ' && r.locationId === id)?.quantity ?? 0);
}

describe.skipIf(why)(`the sandbox and a batch on Windows${why ? ` (skipped: ${why})` : ''}`, () => {
  it('starts the sandbox, logs in with a password, and runs a batch killed mid-run to its end', async () => {
    const info = await startSandbox(['--latency', '150']);
    port = new URL(info.baseUrl).port;
    const password = join(dir, 'password.txt');
    writeFileSync(password, info.login.password);
    const login = await winInv(
      ['--profile', 'sandbox', 'login', '--password', '--username', 'demo', '--password-stdin'],
      {
        env,
        input: password,
      },
    );
    expect(login.code, login.stderr).toBe(0);

    const lines = Array.from({ length: ROWS }, () => 'MUG-BLUE-11OZ,1,1,2');
    writeFileSync(join(dir, 'moves.csv'), ['msku,quantity,from,to', ...lines].join('\r\n') + '\r\n');
    const args = ['--profile', 'sandbox', 'move', '--json', '--file'];
    const first = startWinInv([...args, '.\\moves.csv'], { env, cwd: dir });
    const journals = join(dir, 'state dir', 'batches');
    await waitFor(
      () =>
        existsSync(journals) &&
        readdirSync(journals, { recursive: true })
          .map((name) => join(journals, String(name)))
          .some((file) => file.endsWith('.journal') && readFileSync(file, 'utf8').split('\n').length > 20),
      { what: 'a journal of 20 records', running: first.child as never, deadline: 60_000, every: 50 },
    );
    first.child.kill('SIGKILL');
    await first.closed;

    // The same file named another way (its full path) is the same batch, continued.
    const again = await winInv([...args, winPath(join(dir, 'moves.csv')), '--retry-in-doubt', '--yes'], { env });
    expect([0, 1], again.stderr).toContain(again.code);
    expect(again.stdout).not.toMatch(/"batch":\s*"new"/);
    // Windows file names are the same whatever their case: the drive letter and the name typed otherwise.
    for (const name of [winPath(join(dir, 'MOVES.csv')).replace('Z:', 'z:'), 'moves.csv']) {
      const shown = await winInv(['--profile', 'sandbox', 'batch', 'show', name, '--json'], { env });
      expect(shown.code, shown.stderr).toBe(0);
      expect(JSON.parse(shown.stdout)).toHaveLength(ROWS);
    }
    const moved = 150 - 30 - (await mugsIn('1'));
    expect(moved).toBe((await mugsIn('2')) - 30);
    // Every row applied once: in doubt rows sent again were not applied before (the sandbox counts what it applied).
    expect(moved).toBeLessThanOrEqual(ROWS + 10);
    expect(moved).toBeGreaterThanOrEqual(ROWS);
  });

  it('a file on a share (\\\\server\\share\\…) is a batch, and batch show finds it by that path', async () => {
    // Wine has no SMB client; `\\?\unix\<path>` is a share-shaped path it does open (path.win32 reads `\\?\unix\` as
    // the root of a share, as it reads `\\server\share\`).
    writeFileSync(join(dir, 'shared moves.csv'), 'msku,quantity,from,to\r\nMUG-BLUE-11OZ,1,1,2\r\n');
    const share = `\\\\?\\unix${join(dir, 'shared moves.csv').replaceAll('/', '\\')}`;
    const run = await winInv(['--profile', 'sandbox', 'move', '--json', '--file', share], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: 'ran', done: 1 });
    const shown = await winInv(['--profile', 'sandbox', 'batch', 'show', share, '--json'], { env });
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject([{ state: 'done', msku: 'MUG-BLUE-11OZ' }]);
  });

  it('starts again on its data file after a kill: its lock taken over, its state kept', async () => {
    const before = await mugsIn('2');
    await stopSandbox();
    await startSandbox();
    expect(await mugsIn('2')).toBe(before);
  });
});
