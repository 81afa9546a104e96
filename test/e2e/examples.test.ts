/**
 * Examples are tests: every plain example in each command's help and in the README's command table runs,
 * in order, against a fresh demo sandbox, and exits 0 (7 where it needs a terminal); destructive ones last.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv } from '../helpers/io.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** Examples that change or remove what later examples use: run after every other one, in this order. */
const DESTRUCTIVE = [
  'profile use',
  'items replace',
  'items deactivate',
  'feedback delete',
  'batch prune',
  'config unset',
  'logout',
  'profile rename',
  'profile delete',
];
const destructive = (argv: string[]) =>
  DESTRUCTIVE.findIndex((d) =>
    argv
      .filter((a) => !a.startsWith('-') && a !== 'inv')
      .join(' ')
      .startsWith(d),
  );
/** Examples that start a long-running service, wait for a person by design, or reach a printer on the network. */
const NOT_RUN = /^inv (sandbox|scout --cost)\b|--printer tcp:\/\//;
/** Examples that need a terminal (a browser, a masked prompt): exit 7 in this session is their answer. */
const NEEDS_TERMINAL =
  /^inv (login|research login|locations create)( --no-browser( --port \d+)?| --flow implicit)?$|^inv config set research\.secretKey$|^inv pack FBA\w+$|^inv count .* --scan$/;

/** Words of a plain command line (quotes honoured), or undefined when it uses the shell (pipes, redirects, substitutions). */
function words(line: string): string[] | undefined {
  const out: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' || c === "'") {
      const end = line.indexOf(c, i + 1);
      const quoted = line.slice(i + 1, end);
      if (c === '"' && /[$`]/.test(quoted)) return undefined;
      word = (word ?? '') + quoted;
      i = end;
    } else if (c === ' ') {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) break;
    else if (/[|<>;&$`()]/.test(c)) return undefined;
    else word = (word ?? '') + c;
  }
  if (word !== undefined) out.push(word);
  return out[0] === 'inv' ? out : undefined;
}

/** The example lines of a help text: the indented lines after "Examples:". */
function helpExamples(help: string): string[] {
  const section = help.split(/^Examples?\b[^\n]*:\n/m)[1] ?? '';
  const lines: string[] = [];
  for (const line of section.split('\n')) {
    if (!/^ {2}\S/.test(line)) break;
    lines.push(line.trim());
  }
  return lines;
}

/** The `inv …` code spans of the README's command table. */
function readmeExamples(): string[] {
  return README.split('\n')
    .filter((l) => /^\| `inv /.test(l))
    .flatMap((row) =>
      [
        ...row
          .split(' | ')
          .slice(1)
          .join(' | ')
          .matchAll(/`(inv [^`]+)`/g),
      ].map((m) => m[1]!.replaceAll('\\|', '|')),
    );
}

async function help(path: string[]): Promise<string> {
  return (await runInv([...path, '--no-color', '--help'])).stdout;
}

/** Every command path from the help's "Commands:" lists. */
async function commandPaths(): Promise<string[][]> {
  const names = (text: string) =>
    [...(text.split(/^Commands:\n/m)[1] ?? '').matchAll(/^ {2}([a-z][\w-]*)/gm)]
      .map((m) => m[1]!)
      .filter((n) => n !== 'help');
  const paths: string[][] = [];
  for (const noun of names(await help([]))) {
    const verbs = names(await help([noun]));
    paths.push([noun], ...verbs.map((v) => [noun, v]));
  }
  return paths;
}

let fx: InventoryFixture;
let env: Record<string, string>;
const cwd = process.cwd();
const paths = await commandPaths();
const fromHelp = await Promise.all(
  paths.map(async (p) => ({ path: p.join(' '), examples: helpExamples(await help(p)) })),
);
const all = [...fromHelp.flatMap((h) => h.examples), ...readmeExamples()];
const parsed = all
  .map((line) => ({ line, argv: words(line) }))
  .filter((e): e is { line: string; argv: string[] } => e.argv !== undefined && !NOT_RUN.test(e.line));
// The same command line given in a help and in the README is one example, run once.
const plain = parsed.filter((e, i) => parsed.findIndex((o) => o.argv.join('\0') === e.argv.join('\0')) === i);
const ordered = [
  ...plain.filter((e) => destructive(e.argv) < 0),
  ...plain.filter((e) => destructive(e.argv) >= 0).sort((a, b) => destructive(a.argv) - destructive(b.argv)),
];

beforeAll(async () => {
  fx = await inventoryFixture();
  // No BROWSER and no display: a browser login shows its paste prompt, and stdin ends (exit 7).
  env = { ...fx.authed, BROWSER: '', DISPLAY: '', WAYLAND_DISPLAY: '' };
  // A CUPS stand-in: the printer examples hand their job to an `lp` that keeps it and says what lp says.
  const bin = join(fx.dir, 'fake-bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'lp'), '#!/bin/sh\ncat > /dev/null\necho "request id is $2-1 (1 file(s))"\n', {
    mode: 0o755,
  });
  env.PATH = `${bin}:${process.env.PATH}`;
  const work = join(fx.dir, 'work');
  mkdirSync(work);
  // The files the examples name, as the README describes them.
  const shown = (file: string) => new RegExp(`\\$ cat ${file}\\n([^$]+)`).exec(README)![1]!;
  writeFileSync(join(work, 'contents.csv'), shown('contents.csv'));
  writeFileSync(join(work, 'boxes.csv'), shown('boxes.csv'));
  writeFileSync(join(work, 'counts.csv'), shown('counts.csv'));
  writeFileSync(join(work, 'moves.csv'), 'msku,quantity,from,to\nMUG-BLUE-11OZ,2,Shelf A1,Shelf A2\n');
  // A night's restocking of the pick shelf from the overflow shelf: 23 moves, on lines 2-24.
  const restock = ['CABLE-USBC-2M', 'PUZZLE-1000', 'MUG-BLUE-11OZ'];
  const replenish = Array.from({ length: 23 }, (_, i) => `${restock[i % 3]},${2 + (i % 5)},Shelf A2,Shelf A1`);
  writeFileSync(join(work, 'replenish.csv'), ['msku,quantity,from,to', ...replenish, ''].join('\n'));
  writeFileSync(join(work, 'items.csv'), 'msku,title,cond\nMUG-GREEN-11OZ,"Ceramic mug, green",new\n');
  // The README shows the item file `inv api POST /v1/items --input item.json` sends.
  writeFileSync(join(work, 'item.json'), /--input item\.json` \([^`]*`(\{[^`]+\})`/.exec(README)![1]!);
  writeFileSync(
    join(work, 'mug.json'),
    JSON.stringify({ title: 'Ceramic mug, blue, 11 oz', cond: 'new', productId: 'B00X4WHP5E', productIdType: 'ASIN' }),
  );
  writeFileSync(join(work, 'manifest.csv'), 'code,cost\nB00X4WHP5E,3.00\n');
  writeFileSync(join(work, 'sent.json'), '[]');
  process.chdir(work);
  // The batches the `inv batch` examples name. The service fails part way through the night's batch (503 to the 16th
  // to 21st moves, one at a time): lines 17-22 are in doubt, for `inv batch resolve` to settle.
  const fault = { status: 503, path: '/v1/doMoveItem', after: 15, times: 6 };
  const injected = await fetch(`${fx.sandbox.baseUrl}/_sandbox/faults`, {
    method: 'POST',
    body: JSON.stringify(fault),
    headers: { 'content-type': 'application/json' },
  });
  expect(injected.status).toBe(200);
  const night = await runInv(
    ['move', '--file', 'replenish.csv', '--batch', 'replenish-2026-11-24', '--concurrency', '1', '--json'],
    { env },
  );
  expect(night.code, night.stderr).toBe(6);
  expect(JSON.parse(night.stdout)).toMatchObject({ rows: 23, done: 17, inDoubt: 6 });
  const doubts = JSON.parse(
    (await runInv(['batch', 'show', 'replenish-2026-11-24', '--state', 'in-doubt', '--json'], { env })).stdout,
  );
  expect(doubts.map((r: { line: number }) => r.line)).toEqual([17, 18, 19, 20, 21, 22]);
  // `inv batch show moves.csv` runs before the move examples do: a moves.csv of another folder, found by its base name.
  mkdirSync(join(fx.dir, 'yesterday'));
  writeFileSync(join(fx.dir, 'yesterday', 'moves.csv'), 'msku,quantity,from,to\nPUZZLE-1000,1,Shelf A1,Shelf A2\n');
  expect((await runInv(['move', '--file', join(fx.dir, 'yesterday', 'moves.csv')], { env })).code).toBe(0);
  for (const name of ['sandbox', 'warehouse'])
    expect((await runInv(['profile', 'create', name], { env })).code).toBe(0);
  // As `inv sandbox` leaves its profile: pointing at it.
  expect((await runInv(['--profile', 'sandbox', 'config', 'set', 'baseUrl', fx.sandbox.baseUrl], { env })).code).toBe(
    0,
  );
});
afterAll(async () => {
  process.chdir(cwd);
  await fx.close();
});

describe('the examples', () => {
  it('are many, and every command has at least one', () => {
    expect(plain.length).toBeGreaterThan(60);
    const without = fromHelp.filter(
      (h) =>
        h.examples.length === 0 &&
        !/^(auth|items|locations|stock|shipments|batch|feedback|settings|research|config|profile)$/.test(h.path),
    );
    expect(without.map((h) => h.path)).toEqual([]);
  });

  it.each(ordered.map((e) => [e.line, e.argv] as const))('%s', async (line, argv) => {
    const r = await run(argv);
    const allowed = NEEDS_TERMINAL.test(argv.join(' ')) ? [0, 7] : [0];
    expect(allowed, `${line}\n${r.stderr}`).toContain(r.code);
  });
});

/** Runs an example in-process; what it reads from stdin (--password-stdin, --secret-stdin, --stdin) is the sandbox's own. */
async function run(argv: string[]) {
  const stdin = argv.includes('--password-stdin')
    ? fx.sandbox.credentials.oauth.password
    : argv.some((a) => /^--(secret-)?stdin$/.test(a))
      ? 'secret'
      : undefined;
  // A browser "opens" (BROWSER=true) for --open examples; a login finds none, so it shows its paste prompt.
  const browser = argv[1] === 'login' ? {} : { BROWSER: 'true' };
  return runInv(argv.slice(1), { env: { ...env, ...browser }, stdin });
}
