/**
 * Shell completion through each shell's own machinery: bash's completion function driven by the COMP_*
 * variables, zsh's completion widget typed into a pseudo-terminal (zpty), fish's `complete -C`. `inv`
 * on PATH is the built bin/inv; its config holds two profiles; the shells run in a directory of files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_OUTPUT, OUTPUT_FORMATS } from '../../src/cli/globals.js';
import { LAYOUT_NAMES } from '../../src/labels/layouts.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';
import { BIN, childEnv } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const ZSH_DRIVER = fileURLToPath(new URL('../helpers/zsh-complete.zsh', import.meta.url));
type Shell = 'bash' | 'zsh' | 'fish';
let dir: string;
let work: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = tempDir('completion');
  const bin = join(dir, 'bin');
  work = join(dir, 'work');
  mkdirSync(bin);
  mkdirSync(join(work, 'data'), { recursive: true });
  for (const file of ['stock.csv', 'moves.ndjson', 'notes.txt']) writeFileSync(join(work, file), '');
  writeFileSync(join(bin, 'inv'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(join(bin, 'inv'), 0o755);
  env = childEnv({
    INV_CONFIG_DIR: join(dir, 'config'),
    INV_STATE_DIR: join(dir, 'state'),
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'xdg'),
    XDG_DATA_HOME: join(dir, 'xdg'),
    PATH: `${bin}:${process.env.PATH}`,
  });
  for (const name of ['sandbox', 'staging']) execFileSync('inv', ['profile', 'create', name], { env, stdio: 'ignore' });
  execFileSync(
    'inv',
    ['--profile', 'staging', 'config', 'set', 'clientSecret', '--stdin', '--for', 'https://auth.example.com'],
    { env, input: 'hush-do-not-print\n', stdio: ['pipe', 'ignore', 'ignore'] },
  );
}, 60_000);
afterAll(() => removeTempDir(dir));

/** Completions the shell offers after `line` (directories without their trailing slash), sorted. */
function complete(shell: Shell, line: string): string[] {
  const words = line.split(' ');
  const quoted = words.map((w) => `'${w}'`).join(' ');
  const commands: Record<Shell, string[]> = {
    bash: [
      'bash',
      '-c',
      `source <(inv completion bash); COMP_LINE='${line}'; COMP_POINT=${line.length}; ` +
        `COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _inv_complete inv '${words.at(-1)}' '${words.at(-2)}'; ` +
        `printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    zsh: ['zsh', '-f', ZSH_DRIVER, line],
    fish: ['fish', '-c', `inv completion fish | source; complete -C '${line}'`],
  };
  const [command, ...args] = commands[shell];
  const result = spawnSync(command!, args, { env, cwd: work, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${shell} (${result.status ?? result.signal}): ${result.stderr}`);
  // bash offers names with spaces escaped for the command line ("Shelf\ A1"), as it inserts them.
  return [
    ...new Set(
      result.stdout
        .split('\n')
        .map((l) => l.split('\t')[0]!.replace(/\/$/, '').replaceAll('\\ ', ' '))
        .filter(Boolean),
    ),
  ].sort();
}

/** Each completion starts a shell and inv: zsh's compinit in a pty takes seconds on a loaded machine. */
const SHELL_TIMEOUT = 120_000;
const ITEMS_VERBS = ['create', 'deactivate', 'get', 'import', 'list', 'replace', 'update'];
const FORMATS = [...OUTPUT_FORMATS, LABEL_OUTPUT].sort();
const FILES = ['data', 'moves.ndjson', 'notes.txt', 'stock.csv'];

describe.each(['bash', 'zsh', 'fish'] as const)('completion in %s', (shell) => {
  it(
    'offers the stored profile names after --profile',
    () => {
      expect(complete(shell, 'inv --profile ')).toEqual(['sandbox', 'staging']);
      expect(complete(shell, 'inv --profile sa')).toEqual(['sandbox']);
      expect(complete(shell, 'inv items list --profile ')).toEqual(['sandbox', 'staging']);
    },
    SHELL_TIMEOUT,
  );

  it(
    'offers the output formats after -o and --output; zpl only where it applies (inv labels)',
    () => {
      expect(complete(shell, 'inv -o ')).toEqual([...OUTPUT_FORMATS].sort());
      expect(complete(shell, 'inv items list --output ')).toEqual([...OUTPUT_FORMATS].sort());
      expect(complete(shell, 'inv labels -o ')).toEqual(FORMATS);
      expect(complete(shell, 'inv stock list -o t')).toEqual(['table', 'tsv']);
    },
    SHELL_TIMEOUT,
  );

  it(
    'offers file names where a file is taken',
    () => {
      expect(complete(shell, 'inv items import ')).toEqual(FILES);
      expect(complete(shell, 'inv move --file ')).toEqual(FILES);
      expect(complete(shell, 'inv move --file mo')).toEqual(['moves.ndjson']);
      expect(complete(shell, 'inv api POST /v1/items --input s')).toEqual(['stock.csv']);
    },
    SHELL_TIMEOUT,
  );

  it(
    'offers the choices of an argument',
    () => {
      expect(complete(shell, 'inv completion ')).toEqual(['bash', 'fish', 'zsh']);
    },
    SHELL_TIMEOUT,
  );

  it(
    'completes after global options as without them',
    () => {
      expect(complete(shell, 'inv --profile sandbox items ')).toEqual(ITEMS_VERBS);
      expect(complete(shell, 'inv -o json --profile sandbox items ')).toEqual(ITEMS_VERBS);
      expect(complete(shell, 'inv --verbose it')).toEqual(['item', 'item-lookup', 'item-search', 'items']);
      expect(complete(shell, 'inv --profile sandbox items list --li')).toEqual(['--limit']);
    },
    SHELL_TIMEOUT,
  );

  it(
    'offers nothing more after a verb, nor after an option value with no choices',
    () => {
      expect(complete(shell, 'inv items list ')).toEqual([]);
      expect(complete(shell, 'inv --profile sandbox items list ')).toEqual([]);
      expect(complete(shell, 'inv items create --title ')).toEqual([]);
    },
    SHELL_TIMEOUT,
  );
});

describe.each(['bash', 'zsh', 'fish'] as const)('completion of values in %s', (shell) => {
  it(
    'offers the fixed choices of option values: --layout, --format, --type',
    () => {
      expect(complete(shell, 'inv labels --layout ')).toEqual([...LAYOUT_NAMES].sort());
      expect(complete(shell, 'inv labels X 1 --format ')).toEqual(['pdf', 'zpl']);
      expect(complete(shell, 'inv move --format ')).toEqual(['csv', 'ndjson']);
      expect(complete(shell, 'inv locations create --type ')).toEqual([
        'fba',
        'fbaShipment',
        'shelf',
        'shipment',
        'unfulfillable',
      ]);
    },
    SHELL_TIMEOUT,
  );
});

describe('completion of names from the cache the listing commands refresh', () => {
  let fx: InventoryFixture;
  beforeAll(async () => {
    fx = await inventoryFixture();
    const listed = await runInv(['locations', 'list'], { env: { ...fx.authed, INV_STATE_DIR: env.INV_STATE_DIR! } });
    expect(listed.code, listed.stderr).toBe(0);
    const items = await runInv(['items', 'list'], { env: { ...fx.authed, INV_STATE_DIR: env.INV_STATE_DIR! } });
    expect(items.code, items.stderr).toBe(0);
    writeFileSync(join(fx.dir, 'nightly.csv'), 'msku,quantity,from,to\nMUG-BLUE-11OZ,1,Shelf A1,Shelf A2\n');
    const batch = await runInv(['move', '--file', join(fx.dir, 'nightly.csv'), '--batch', 'nightly-1'], {
      env: { ...fx.authed, INV_STATE_DIR: env.INV_STATE_DIR! },
    });
    expect(batch.code, batch.stderr).toBe(0);
    expect((await runInv(['batch', 'list'], { env: { ...fx.authed, INV_STATE_DIR: env.INV_STATE_DIR! } })).code).toBe(
      0,
    );
  }, 60_000);
  afterAll(() => fx.close());

  it.each(['bash', 'zsh', 'fish'] as const)(
    '%s: location names after --from and --to, mskus as the first argument of move, batch names',
    async (shell) => {
      await fx.close(); // a Tab never waits on the network: the sandbox is gone
      expect(complete(shell, 'inv move X 1 --from ')).toEqual([
        'FBA network',
        'FBA10000001',
        'Receiving dock',
        'Returns',
        'Shelf A1',
        'Shelf A2',
      ]);
      expect(complete(shell, 'inv move X 1 --from Shelf A1 --to Re')).toEqual(['Receiving dock', 'Returns']);
      expect(complete(shell, 'inv move MUG')).toEqual(['MUG-BLUE-11OZ']);
      expect(complete(shell, 'inv batch show ')).toEqual(['nightly-1']);
    },
    SHELL_TIMEOUT,
  );
});

describe('profile names for completion', () => {
  it('are printed one a line, and nothing else (no secret), by the entry and by the full command alike', async () => {
    const out = execFileSync('inv', ['profile', 'list', '--names'], { env, encoding: 'utf8' });
    expect(out).toBe('sandbox\nstaging\n');
    const full = await runInv(['profile', 'list', '--names'], { env: { INV_CONFIG_DIR: env.INV_CONFIG_DIR } });
    expect(full).toEqual({ code: 0, stdout: out, stderr: '' });
  });
});
