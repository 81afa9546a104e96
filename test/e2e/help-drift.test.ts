/**
 * What a command's parent lists about it (`inv --help`, `inv items --help`) is what the command's own
 * help says (`inv fees --help`): the same arguments, and its summary.
 */
import { describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';

interface Listed {
  name: string;
  args: string;
  summary: string;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The "Commands:" section of a help text: each command's name, arguments and summary (wrapped lines joined). */
function listed(help: string): Listed[] {
  const section = help.split(/^Commands:\n/m)[1] ?? '';
  const entries: Listed[] = [];
  for (const line of section.split('\n')) {
    if (line.trim() === '' || /^\S/.test(line)) break;
    const head = /^ {2}(\S+)((?: (?:\[[^\]]+\]|<[^>]+>))*)\s{2,}(.*)$/.exec(line);
    if (head) entries.push({ name: head[1]!, args: squash(head[2]!.replace(' [options]', '')), summary: head[3]! });
    else entries.at(-1)!.summary += ' ' + line.trim();
  }
  return entries.filter((e) => e.name !== 'help');
}

/** The arguments on the usage line of a command's own help, and the first paragraph of its description. */
function own(help: string): { args: string; description: string } {
  const usage = /^Usage: .*$/m.exec(help)![0];
  const path = usage.replace(/^Usage: /, '').split(' [options]')[0]!;
  const args = squash(
    usage
      .replace(/^Usage: /, '')
      .slice(path.length)
      .replace(' [options]', '')
      .replace(' [command]', ''),
  );
  const description = squash(help.split(/\n\n/)[1] ?? '');
  return { args, description };
}

async function help(path: string[]): Promise<string> {
  const r = await runInv([...path, '--no-color', '--help']);
  expect(r.code).toBe(0);
  return r.stdout;
}

const root = listed(await help([]));
const nouns = (await Promise.all(root.map(async (c) => [c.name, listed(await help([c.name]))] as const))).filter(
  ([, verbs]) => verbs.length > 0,
);
const paths = [
  ...root.map((c) => ({ path: [c.name], entry: c })),
  ...nouns.flatMap(([noun, verbs]) => verbs.map((v) => ({ path: [noun, v.name], entry: v }))),
];

describe("the help a parent lists agrees with the command's own help", () => {
  it('lists every command', () => {
    expect(root.map((c) => c.name)).toEqual(expect.arrayContaining(['fees', 'items', 'move', 'completion', 'sandbox']));
    expect(paths.length).toBeGreaterThan(40);
  });

  it.each(paths.map((p) => [p.path.join(' '), p.entry] as const))('inv %s', async (path, entry) => {
    const mine = own(await help(path.split(' ')));
    expect(mine.args, 'arguments').toBe(entry.args);
    expect(mine.description, 'summary (the first paragraph of its own help)').toBe(squash(entry.summary));
  });
});

describe('the command named in argv', () => {
  it("is found by commander's own parsing: `inv -- whoami` runs whoami, never a placeholder that exits 0", async () => {
    const env = { INV_CONFIG_DIR: '/nonexistent/inv-config', INV_BASE_URL: 'http://127.0.0.1:1' };
    const plain = await runInv(['whoami'], { env });
    expect(plain.code).not.toBe(0);
    for (const argv of [
      ['--', 'whoami'],
      ['--timeout', '5', 'whoami'],
      ['-o', 'json', '--profile', 'default', 'whoami'],
    ]) {
      const r = await runInv(argv, { env });
      // The error is the same (its hint may name the --profile given).
      expect({ argv, code: r.code, error: r.stderr.split('\n')[0] }).toEqual({
        argv,
        code: plain.code,
        error: plain.stderr.split('\n')[0],
      });
    }
  });
});
