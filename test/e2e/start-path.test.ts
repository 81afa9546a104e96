/** What a one-shot command reads of dist/: the start and its own command, not every command's code (bench/one-shot.mjs times it). */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, childEnv } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const PRELOAD = fileURLToPath(new URL('../helpers/loaded-files.cjs', import.meta.url));

/** The dist/ files `inv <args>` loads (relative to dist/), Node's built-in modules it loads, and its exit code. */
function loadedFiles(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['-r', PRELOAD, BIN, ...args], {
    env: childEnv({ NODE_DISABLE_COMPILE_CACHE: '1', ...env }),
    encoding: 'utf8',
  });
  const list = (label: string) => {
    const line = r.stderr.split('\n').find((l) => l.startsWith(`${label} `));
    return JSON.parse(line!.slice(label.length + 1)) as string[];
  };
  return { code: r.status, files: list('loaded-files'), builtins: list('loaded-builtins') };
}

describe('the start path of the built CLI', () => {
  it("reads under 450 KB of code for `inv fees … --price abc`, none of it another command's or a vendor package", () => {
    const { code, files } = loadedFiles(['fees', 'B00X4WHP5E', '--price', 'abc']);
    expect(code).toBe(2);
    const names = files.map((f) => f.replace(/^.*[\\/]dist[\\/]/, ''));
    expect(names.filter((n) => n.startsWith('vendor/'))).toEqual([]);
    expect(names.filter((n) => /(batch|pack|scout|label|sandbox|login|items)/.test(n))).toEqual([]);
    expect(files.reduce((sum, f) => sum + statSync(f).size, 0)).toBeLessThanOrEqual(450 * 1024);
  });

  it('loads no node:crypto for commands that sign and hash nothing (`inv profile list`, `inv batch list`)', () => {
    const dir = tempDir('start-path');
    try {
      for (const args of [
        ['profile', 'list', '--json'],
        ['batch', 'list', '--json'],
      ]) {
        const { code, builtins } = loadedFiles(args, { INV_CONFIG_DIR: dir, INV_STATE_DIR: dir });
        expect(code, args.join(' ')).toBe(0);
        expect(
          builtins.filter((m) => /crypto/.test(m)),
          args.join(' '),
        ).toEqual([]);
      }
    } finally {
      removeTempDir(dir);
    }
  });

  it('reads the entry alone for --version', () => {
    expect(loadedFiles(['--version']).files.map((f) => f.replace(/^.*[\\/]dist[\\/]/, ''))).toEqual(['cli.js']);
  });
});
