/** The one rule for directories inv writes in (src/util/own-dir.ts): what it refuses, and that Windows skips it. */
import { chmodSync, mkdirSync, symlinkSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedUid, ensureOwnDir, unsafeDir } from '../../src/util/own-dir.js';
import { tempDir } from '../helpers/temp.js';

const platform = process.platform;
afterEach(() => Object.defineProperty(process, 'platform', { value: platform }));

describe('unsafeDir', () => {
  it('refuses a link, a file, a directory others may write; takes one of ours closed to writers', () => {
    const dir = tempDir('own');
    mkdirSync(join(dir, 'open'));
    chmodSync(join(dir, 'open'), 0o777);
    mkdirSync(join(dir, 'readable'), { mode: 0o755 });
    symlinkSync(join(dir, 'readable'), join(dir, 'link'));
    expect(unsafeDir(lstatSync(join(dir, 'open')))?.kind).toBe('open');
    expect(unsafeDir(lstatSync(join(dir, 'link')))?.kind).toBe('link');
    expect(unsafeDir(lstatSync(join(dir, 'readable')))).toBeUndefined();
  });

  it('checks nothing on Windows (no owner or mode bits of this kind)', () => {
    const dir = tempDir('own-win');
    chmodSync(dir, 0o777);
    Object.defineProperty(process, 'platform', { value: 'win32' });
    expect(checkedUid()).toBeUndefined();
    expect(unsafeDir(lstatSync(dir))).toBeUndefined();
  });
});

describe('ensureOwnDir', () => {
  it('makes what is missing 0700 and refuses an open directory on the way without chmod-ing it', () => {
    const dir = tempDir('own-make');
    ensureOwnDir(join(dir, 'a', 'b'));
    expect(lstatSync(join(dir, 'a', 'b')).mode & 0o777).toBe(0o700);
    chmodSync(join(dir, 'a', 'b'), 0o777);
    expect(() => ensureOwnDir(join(dir, 'a', 'b'))).toThrow(/writable by other users \(mode 0777\)/);
    expect(lstatSync(join(dir, 'a', 'b')).mode & 0o777).toBe(0o777);
  });
});
