/** The package as users get it: npm pack, a global install into a temporary prefix, and the shell completion. */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringMissing, startKeyring } from '../helpers/keyring.js';
import { completeLines, SHELLS } from '../helpers/shell-complete.js';
import { childEnv, sandboxInfo } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
let dir: string;
let inv: string;
let env: NodeJS.ProcessEnv;
/** npm on Node 22+ keeps its compile cache in TMPDIR unless told otherwise: a test leaves nothing there. */
const NPM_ENV = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };

/** What npm pack reported: tarball size, unpacked size and the files, as npm itself counts them. */
let packed: { size: number; unpackedSize: number; files: { path: string }[] };

beforeAll(() => {
  dir = tempDir('pack');
  // dist/ is built by the suite's global setup already; --ignore-scripts keeps prepack from rebuilding it under the other tests.
  const report = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: NPM_ENV,
  });
  packed = JSON.parse(report)[0];
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  expect(statSync(join(dir, tarball)).size).toBe(packed.size);
  const prefix = join(dir, 'prefix');
  execFileSync(
    'npm',
    ['install', '--global', '--prefix', prefix, join(dir, tarball), '--no-audit', '--no-fund', '--offline'],
    { stdio: 'ignore', env: NPM_ENV },
  );
  inv = join(prefix, 'bin', 'inv');
  env = childEnv({
    INV_CONFIG_DIR: join(dir, 'config'),
    INV_STATE_DIR: join(dir, 'state'),
    PATH: `${join(prefix, 'bin')}:${process.env.PATH}`,
  });
}, 120_000);
afterAll(() => removeTempDir(dir));

describe('the installed package', () => {
  it('is lean: tarball ≤ 3 MB, unpacked ≤ 12 MB, no source maps, no build-time helper', () => {
    const paths = packed.files.map((f) => f.path);
    expect.soft(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    // Build-time helpers (scripts/build.mjs captures the help texts into dist/help.json with a temporary build of
    // src/cli/help-texts.ts) stay out.
    expect.soft(paths.filter((p) => /help-texts|scripts\//.test(p))).toEqual([]);
    expect.soft(paths).toContain('dist/help.json');
    expect.soft(packed.size).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect.soft(packed.unpackedSize).toBeLessThanOrEqual(12 * 1024 * 1024);
  });

  it('answers --version and --help', () => {
    expect(execFileSync(inv, ['--version'], { env, encoding: 'utf8' })).toBe(`${VERSION}\n`);
    const help = execFileSync(inv, ['--help'], { env, encoding: 'utf8' });
    expect(help).toMatch(/^Usage: inv \[options\] \[command\]/);
    expect(help).toMatch(/send-to-fba <msku> <quantity> +add stock to inbound FBA shipments/);
    expect(execFileSync(inv, ['move', '--help'], { env, encoding: 'utf8' })).toMatch(/--retry-in-doubt/);
  });

  it('runs inv sandbox, which serves requests, writes its profile and stops on SIGINT', async () => {
    const child = spawn(inv, ['sandbox', '--port', '0', '--ephemeral', '--save-profile', 'sandbox', '--json'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const info = await sandboxInfo(child);
    expect((await fetch(`${info.baseUrl}/v1/whoami`)).status).toBe(401);
    const fees = spawnSync(inv, ['--profile', 'sandbox', 'fees', 'B00X4WHP5E', '--price', '10', '--json'], {
      env,
      encoding: 'utf8',
    });
    expect(fees.status, fees.stderr).toBe(0);
    expect(JSON.parse(fees.stdout)[0].asin).toBe('B00X4WHP5E');
    child.kill('SIGINT');
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
  });
});

const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

const noKeyring = keyringMissing();
describe.skipIf(noKeyring)(
  `the installed package and the keyring${noKeyring ? ` (skipped: ${noKeyring})` : ''}`,
  () => {
    it('loads the binding npm installed with it, and keeps a secret in the Secret Service', async () => {
      const keyring = await startKeyring(dir);
      try {
        const config = join(dir, 'config-keyring');
        const run = (args: string[], input = '') =>
          spawnSync(inv, args, { env: { ...env, ...keyring.env, INV_CONFIG_DIR: config }, input, encoding: 'utf8' });
        // --for names the server the secret is bound to: one command, the one that reaches the keyring.
        const set = run(
          ['config', 'set', 'clientSecret', '--stdin', '--for', 'https://auth.example.com'],
          'installed-secret',
        );
        expect(set.status, set.stderr).toBe(0);
        expect(set.stderr).not.toMatch(/no system keyring/);
        expect(keyring.items(`inv:${config}`)['default/clientSecret']).toContain('installed-secret');
        expect(readFileSync(join(config, 'config.json'), 'utf8')).not.toContain('installed-secret');
      } finally {
        keyring.close();
      }
    });
  },
);

describe.each(SHELLS)('completion in %s', (shell) => {
  it.runIf(shell === 'bash' || has(shell))('completes commands, subcommands and options', async () => {
    const expected: Record<string, string[]> = {
      'inv it': ['item', 'item-lookup', 'item-search', 'items'],
      'inv items ': ['create', 'deactivate', 'get', 'import', 'list', 'replace', 'update'],
      'inv feedback d': ['delete'],
      'inv move --retry': ['--retry-in-doubt'],
    };
    const offered = await completeLines(shell, Object.keys(expected), { env });
    for (const [line, words] of Object.entries(expected)) expect(offered.get(line), line).toEqual(words);
  });
});
