/** inv's config, state and runtime directories are the user's own and closed to others, or inv refuses them (as ssh's StrictModes). */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFixture, csv, makeRows, type BatchFixture } from '../helpers/batch.js';
import { runInv } from '../helpers/io.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const ROOT = process.getuid?.() === 0;
let fx: BatchFixture;
/** Where other users may pass through (0755), unlike the fixture's own 0700 directory. */
let shared: string;
beforeAll(async () => {
  fx = await batchFixture();
  shared = tempDir('shared');
  chmodSync(shared, 0o755);
});
afterAll(async () => {
  removeTempDir(shared);
  await fx.close();
});

/** A directory made open to every user (mode 0777), as a careless shared setup leaves it. */
function openDir(path: string): string {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o777);
  return path;
}

/** Another local user (uid 65534) renames every entry of `dir`; how many renames succeeded. */
function renameAsAnotherUser(dir: string): number {
  // A shell, not this node: under CI's Node 22 and 24 the node binary sits in a directory only root can enter.
  const script =
    'n=0; for e in "$1"/* "$1"/.[!.]*; do [ -e "$e" ] && mv "$e" "$e.gone" 2>/dev/null && n=$((n+1)); done; printf %s "$n"';
  const r = spawnSync('/bin/sh', ['-c', script, 'sh', dir], { uid: 65534, gid: 65534, cwd: '/', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the other user could not run a shell: ${r.error?.message ?? r.stderr}`);
  return Number(r.stdout || 0);
}

describe('a state directory others can write', () => {
  it.skipIf(!ROOT)(
    'is tightened to 0700 (said once), so another user cannot make a finished batch run again',
    async () => {
      const state = openDir(join(shared, 'state'));
      const env = { ...fx.authed, INV_STATE_DIR: state };
      const file = join(fx.dir, 'one-move.csv');
      const rows = makeRows(fx, 1, 3);
      writeFileSync(file, csv(rows));
      const before = fx.quantities();
      const first = await runInv(['move', '--file', file, '--json'], { env });
      expect(first.code, first.stderr).toBe(0);
      const renamed = renameAsAnotherUser(state);
      const second = await runInv(['move', '--file', file, '--json'], { env });
      expect(fx.moves(), 'doMoveItem requests for one row run twice').toBe(1);
      expect(fx.quantities()).toEqual(fx.expected(before, rows));
      expect(renamed).toBe(0);
      expect(statSync(state).mode & 0o777).toBe(0o700);
      expect(first.stderr).toMatch(new RegExp(`state directory ${state} .*tightened it to 0700`));
      expect(second.stderr).not.toMatch(/tightened/);
    },
  );

  it('an open config directory is tightened too', async () => {
    const config = openDir(join(shared, 'config'));
    const r = await runInv(['config', 'list'], { env: { ...fx.authed, INV_CONFIG_DIR: config } });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(config).mode & 0o777).toBe(0o700);
    expect(r.stderr).toMatch(/config directory .* tightened it to 0700/);
  });
});

describe('a directory of another user', () => {
  it.skipIf(!ROOT)('is refused (exit 2), naming it and how to fix it; nothing is sent', async () => {
    const state = join(shared, 'foreign-state');
    mkdirSync(state, { mode: 0o700 });
    chownSync(state, 65534, 65534);
    const file = join(fx.dir, 'foreign.csv');
    writeFileSync(file, csv(makeRows(fx, 1, 4)));
    const moves = fx.moves();
    const r = await runInv(['move', '--file', file, '--json'], { env: { ...fx.authed, INV_STATE_DIR: state } });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(state);
    expect(r.stderr).toMatch(/chown/);
    expect(fx.moves()).toBe(moves);
    expect(readdirSync(state)).toEqual([]);
  });
});

describe('a subdirectory another user made first', () => {
  it.skipIf(!ROOT)('is refused (exit 2) naming it: no journal is written into it, nothing is sent', async () => {
    const state = openDir(join(shared, 'state-with-foreign-batches'));
    // As another user (uid 65534) would make it: the run's own temporary root is closed to other users.
    mkdirSync(join(state, 'batches'));
    chmodSync(join(state, 'batches'), 0o777);
    chownSync(join(state, 'batches'), 65534, 65534);
    const file = join(fx.dir, 'foreign-sub.csv');
    writeFileSync(file, csv(makeRows(fx, 1, 5)));
    const moves = fx.moves();
    const r = await runInv(['move', '--file', file, '--json'], { env: { ...fx.authed, INV_STATE_DIR: state } });
    expect(readdirSync(join(state, 'batches'))).toEqual([]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(join(state, 'batches'));
    expect(r.stderr).toMatch(/uid 65534/);
    expect(fx.moves()).toBe(moves);
  });

  it.skipIf(!ROOT)('is refused when it is a link to a directory elsewhere (nothing there is changed)', async () => {
    const state = openDir(join(shared, 'state-with-linked-batches'));
    const elsewhere = join(shared, 'victim-public');
    mkdirSync(elsewhere, { mode: 0o755 });
    chmodSync(elsewhere, 0o755);
    symlinkSync(elsewhere, join(state, 'batches'));
    lchownSync(join(state, 'batches'), 65534, 65534);
    const file = join(fx.dir, 'linked-sub.csv');
    writeFileSync(file, csv(makeRows(fx, 1, 6)));
    const r = await runInv(['move', '--file', file, '--json'], { env: { ...fx.authed, INV_STATE_DIR: state } });
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o755);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(join(state, 'batches'));
  });
});
