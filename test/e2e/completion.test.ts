/**
 * Shell completion through each shell's own machinery (test/helpers/shell-complete.ts): `inv` on PATH is the
 * built bin/inv; its config holds two profiles; the shells run in a directory of files. Each shell completes
 * every line of this file in one process, once the config and the names cache are in place; the tests then
 * read what it offered.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_OUTPUT, OUTPUT_FORMATS } from '../../src/cli/globals.js';
import { LAYOUT_NAMES } from '../../src/labels/layouts.js';
import { inventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';
import { completeLines, SHELLS, type Shell } from '../helpers/shell-complete.js';
import { BIN, childEnv } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const ITEMS_VERBS = ['create', 'deactivate', 'get', 'import', 'list', 'replace', 'update'];
const FORMATS = [...OUTPUT_FORMATS, LABEL_OUTPUT].sort();
const FILES = ['data', 'moves.ndjson', 'notes.txt', 'stock.csv'];

/** Each test: the lines it types, and what the shell must offer after each. */
const TESTS: Record<string, Array<[line: string, offered: string[]]>> = {
  'offers the stored profile names after --profile': [
    ['inv --profile ', ['sandbox', 'staging']],
    ['inv --profile sa', ['sandbox']],
    ['inv items list --profile ', ['sandbox', 'staging']],
  ],
  'offers the output formats after -o and --output; zpl only where it applies (inv labels)': [
    ['inv -o ', [...OUTPUT_FORMATS].sort()],
    ['inv items list --output ', [...OUTPUT_FORMATS].sort()],
    ['inv labels -o ', FORMATS],
    ['inv stock list -o t', ['table', 'tsv']],
  ],
  'offers file names where a file is taken': [
    ['inv items import ', FILES],
    ['inv move --file ', FILES],
    ['inv move --file mo', ['moves.ndjson']],
    ['inv api POST /v1/items --input s', ['stock.csv']],
    ['inv pack FBA1 --file ', FILES],
    ['inv pack FBA1 --boxes st', ['stock.csv']],
    ['inv scout --file ', FILES],
  ],
  'offers the choices of an argument': [['inv completion ', ['bash', 'fish', 'powershell', 'zsh']]],
  'completes after global options as without them': [
    ['inv --profile sandbox items ', ITEMS_VERBS],
    ['inv -o json --profile sandbox items ', ITEMS_VERBS],
    ['inv --verbose it', ['item', 'item-lookup', 'item-search', 'items']],
    ['inv --profile sandbox items list --li', ['--limit']],
  ],
  'offers nothing more after a verb, nor after an option value with no choices': [
    ['inv items list ', []],
    ['inv --profile sandbox items list ', []],
    ['inv items create --title ', []],
  ],
  'offers the fixed choices of option values: --layout, --format, --type': [
    ['inv labels --layout ', [...LAYOUT_NAMES].sort()],
    ['inv labels X 1 --format ', ['pdf', 'zpl']],
    ['inv move --format ', ['csv', 'ndjson']],
    ['inv locations create --type ', ['fba', 'fbaShipment', 'shelf', 'shipment', 'unfulfillable']],
    ['inv pack FBA1 --layout ', ['4x6', 'letter-2up']],
    ['inv pack FBA1 --units ', ['imperial', 'metric']],
    ['inv batch show x --state ', ['done', 'failed', 'in-doubt', 'pending']],
    ['inv move --file x --encoding ', ['latin1', 'utf-8', 'windows-1252']],
  ],
  'location names after --from and --to, mskus as the first argument of move, batch names': [
    ['inv move X 1 --from ', ['FBA network', 'FBA10000001', 'Receiving dock', 'Returns', 'Shelf A1', 'Shelf A2']],
    ['inv move X 1 --from Shelf A1 --to Re', ['Receiving dock', 'Returns']],
    // A name with a space, as bash leaves it on the line after a first Tab: completed on from there.
    ['inv move X 1 --to Shelf\\ A', ['Shelf A1', 'Shelf A2']],
    ['inv move MUG', ['MUG-BLUE-11OZ']],
    ['inv batch show ', ['nightly-1']],
  ],
};
const NAMES_TEST = 'location names after --from and --to, mskus as the first argument of move, batch names';

let dir: string;
let env: NodeJS.ProcessEnv;
const offered = {} as Record<Shell, Map<string, string[]>>;

/** Fills the completion cache of `stateDir` the way people do: listing locations, items and batches. */
async function listNames(stateDir: string): Promise<void> {
  const fx = await inventoryFixture();
  try {
    const inv = (args: string[]) => runInv(args, { env: { ...fx.authed, INV_STATE_DIR: stateDir } });
    const listed = await inv(['locations', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    const items = await inv(['items', 'list']);
    expect(items.code, items.stderr).toBe(0);
    writeFileSync(join(fx.dir, 'nightly.csv'), 'msku,quantity,from,to\nMUG-BLUE-11OZ,1,Shelf A1,Shelf A2\n');
    const batch = await inv(['move', '--file', join(fx.dir, 'nightly.csv'), '--batch', 'nightly-1']);
    expect(batch.code, batch.stderr).toBe(0);
    expect((await inv(['batch', 'list'])).code).toBe(0);
  } finally {
    await fx.close(); // a Tab never waits on the network: the sandbox is gone before any shell completes
  }
}

beforeAll(async () => {
  dir = tempDir('completion');
  const bin = join(dir, 'bin');
  const work = join(dir, 'work');
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
  // The profiles the shells offer, made in-process: the shells' own calls of inv are what is tested.
  for (const name of ['sandbox', 'staging']) expect((await runInv(['profile', 'create', name], { env })).code).toBe(0);
  const secret = await runInv(
    ['--profile', 'staging', 'config', 'set', 'clientSecret', '--stdin', '--for', 'https://auth.example.com'],
    { env, stdin: 'hush-do-not-print\n' },
  );
  expect(secret.code, secret.stderr).toBe(0);
  await listNames(env.INV_STATE_DIR!);
  const lines = Object.values(TESTS).flatMap((cases) => cases.map(([line]) => line));
  const answers = await Promise.all(SHELLS.map((shell) => completeLines(shell, lines, { env, cwd: work })));
  SHELLS.forEach((shell, i) => (offered[shell] = answers[i]!));
}, 120_000);
afterAll(() => removeTempDir(dir));

describe.each(SHELLS)('completion in %s', (shell) => {
  it.each(Object.keys(TESTS).filter((title) => title !== NAMES_TEST))('%s', (title) => {
    for (const [line, words] of TESTS[title]!) expect(offered[shell].get(line), line).toEqual(words);
  });
});

describe('completion of names from the cache the listing commands refresh', () => {
  it.each(SHELLS)(`%s: ${NAMES_TEST}`, (shell) => {
    for (const [line, words] of TESTS[NAMES_TEST]!) expect(offered[shell].get(line), line).toEqual(words);
  });
});

describe('inv completion powershell', () => {
  const complete = (...words: string[]) =>
    runInv(['completion', 'powershell', `--complete=${words.join('\u001f')}`], { env });

  it('prints a script that registers a completer for inv', async () => {
    const r = await runInv(['completion', 'powershell'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Register-ArgumentCompleter -Native -CommandName inv');
  });

  it('answers its completer from the same tree and caches: words, cached names, profiles, or f for files', async () => {
    expect((await complete('pack', 'FBA1', '--layout', '')).stdout).toBe('w\n4x6\nletter-2up\n');
    expect((await complete('move', 'X', '1', '--to', 'Re')).stdout).toBe('w\nReceiving dock\nReturns\n');
    expect((await complete('--profile', 'st')).stdout).toBe('w\nstaging\n');
    expect((await complete('pack', 'FBA1', '--boxes', '')).stdout).toBe('f\n');
  });
});

describe('profile names for completion', () => {
  it('are printed one a line, and nothing else (no secret), by the entry and by the full command alike', async () => {
    const out = execFileSync('inv', ['profile', 'list', '--names'], { env, encoding: 'utf8' });
    expect(out).toBe('sandbox\nstaging\n');
    const full = await runInv(['profile', 'list', '--names'], { env: { INV_CONFIG_DIR: env.INV_CONFIG_DIR } });
    expect(full).toEqual({ code: 0, stdout: out, stderr: '' });
  });
});
