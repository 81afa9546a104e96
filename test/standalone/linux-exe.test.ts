/**
 * The Linux executable of `npm run dist` (dist-bin/inv-linux-x64, or INV_LINUX_EXE) on a machine without Node: no node
 * on PATH, and still --version, the sandbox, a password login, a batch and a label PDF (its fonts packaged inside), and
 * the system keyring through the binding it carries.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { keyringMissing, startKeyring } from '../helpers/keyring.js';
import { sandboxInfo, wholeJson, type SandboxInfo } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXE = resolve(process.env.INV_LINUX_EXE || join(ROOT, 'dist-bin', `inv-linux-${process.arch}`));
const why = existsSync(EXE) ? undefined : `${EXE} is not built (npm run dist)`;
const dir = why ? '' : tempDir('exe');
// A PATH with nothing on it: the executable must need no node, nor anything else.
const env = {
  PATH: why ? '' : tempDir('empty-path'),
  INV_CONFIG_DIR: join(dir, 'config'),
  INV_STATE_DIR: join(dir, 'state'),
  NO_COLOR: '1',
};
const sandbox = why
  ? undefined
  : spawn(EXE, ['sandbox', '--json', '--port', '0', '--data', join(dir, 'data.json')], { env });
/** What the sandbox printed once it listened (read once: both suites use it). */
const sandboxReady = sandbox && sandboxInfo<SandboxInfo>(sandbox);
afterAll(async () => {
  if (!sandbox || sandbox.exitCode !== null) return;
  const exited = new Promise((done) => sandbox.once('exit', done));
  sandbox.kill();
  await exited;
});

/** Runs the executable to its end (`extra` added to its environment). */
function inv(
  args: string[],
  input = '',
  extra: Record<string, string> = {},
): { code: number; stdout: string; stderr: string } {
  const run = spawnSync(EXE, args, { env: { ...env, ...extra }, input, encoding: 'utf8', cwd: dir });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

describe.skipIf(why)(`the Linux executable${why ? ` (skipped: ${why})` : ''}`, () => {
  it('runs with no node on PATH', () => {
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env }).status).not.toBe(0);
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    expect(inv(['--version']).stdout).toBe(`${version}\n`);
  });

  it('starts the sandbox, logs in with a password, runs a batch and writes labels', async () => {
    const info = (await sandboxReady)!;
    const login = inv(
      ['--profile', 'sandbox', 'login', '--password', '--username', 'demo', '--password-stdin'],
      info.login.password,
    );
    expect(login.code, login.stderr).toBe(0);
    writeFileSync(join(dir, 'moves.csv'), 'msku,quantity,from,to\n' + 'MUG-BLUE-11OZ,1,1,2\n'.repeat(20));
    const batch = inv(['--profile', 'sandbox', 'move', '--file', 'moves.csv', '--json']);
    expect(batch.code, batch.stderr).toBe(0);
    const stock = wholeJson<{ msku: string; locationId: string; quantity: string }[]>(
      inv(['--profile', 'sandbox', 'stock', 'list', '--json']).stdout,
    );
    expect(stock?.find((r) => r.msku === 'MUG-BLUE-11OZ' && r.locationId === '2')?.quantity).toBe('50');
    const labels = inv([
      '--profile',
      'sandbox',
      'labels',
      'MUG-BLUE-11OZ',
      'X000BB05CA',
      '--count',
      '2',
      '--out',
      'mug.pdf',
    ]);
    expect(labels.code, labels.stderr).toBe(0);
    const pdf = readFileSync(join(dir, 'mug.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes('NotoSans')).toBe(true);
  });
});

const noKeyring = why ?? keyringMissing();
describe.skipIf(noKeyring)(`the Linux executable and the keyring${noKeyring ? ` (skipped: ${noKeyring})` : ''}`, () => {
  it('keeps the tokens in the Secret Service with the binding it carries, read back by the next run', async () => {
    const info = (await sandboxReady)!;
    const keyring = await startKeyring(dir);
    try {
      const bus = { ...keyring.env, XDG_CACHE_HOME: join(dir, 'cache'), INV_CONFIG_DIR: join(dir, 'config-keyring') };
      const profile = [
        ['config', 'set', 'baseUrl', info.baseUrl],
        ['config', 'set', 'clientId', info.login.clientId],
      ];
      for (const args of profile) expect(inv(args, '', bus).code).toBe(0);
      expect(inv(['config', 'set', 'clientSecret', '--stdin'], info.login.clientSecret, bus).code).toBe(0);
      const login = inv(['login', '--password', '--username', 'demo', '--password-stdin'], info.login.password, bus);
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).not.toMatch(/no system keyring/);
      const items = keyring.items(`inv:${bus.INV_CONFIG_DIR}`);
      const tokens = JSON.parse(items['default/tokens']!) as { accessToken: string };
      expect(inv(['auth', 'token'], '', bus).stdout.trim()).toBe(tokens.accessToken);
      expect(readFileSync(join(bus.INV_CONFIG_DIR, 'config.json'), 'utf8')).not.toContain(tokens.accessToken);
      expect(readdirSync(join(dir, 'cache', 'inv', 'keyring'))).toEqual([
        expect.stringMatching(/^keyring-[0-9a-f]{16}\.node$/),
      ]);
    } finally {
      keyring.close();
    }
  });
});
