/** The one way inv writes a file whole: all or nothing, the user's own by default, no temporary file left behind. */
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeWhole, writeWholeSync } from '../../src/util/atomic-write.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const dir = tempDir('atomic-write');
afterAll(() => removeTempDir(dir));

describe.each([
  ['writeWhole', (file: string, data: string, mode?: number) => writeWhole(file, data, { mode, sync: true })],
  [
    'writeWholeSync',
    async (file: string, data: string, mode?: number) => writeWholeSync(file, data, { mode, sync: true }),
  ],
])('%s', (name, write) => {
  it('writes the whole content over the old, 0600 unless told, leaving no temporary file', async () => {
    const file = join(dir, `${name}.txt`);
    writeFileSync(file, 'old content that is longer');
    await write(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    await write(join(dir, `${name}-new.txt`), 'x');
    expect(statSync(join(dir, `${name}-new.txt`)).mode & 0o777).toBe(0o600);
    await write(join(dir, `${name}-shared.txt`), 'x', 0o644);
    expect(statSync(join(dir, `${name}-shared.txt`)).mode & 0o777).toBe(0o644);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("fails with the system's error, the old content kept and no temporary file left", async () => {
    const sub = join(dir, `${name}-locked`);
    mkdirSync(sub);
    const file = join(sub, 'kept.txt');
    writeFileSync(file, 'kept');
    chmodSync(sub, 0o500); // the rename into it fails; root may still write: then the write simply succeeds
    try {
      const failed = await write(file, 'lost').then(
        () => false,
        () => true,
      );
      if (failed) expect(readFileSync(file, 'utf8')).toBe('kept');
    } finally {
      chmodSync(sub, 0o700);
    }
    expect(readdirSync(sub).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await expect(write(join(dir, 'no-such-dir', 'x.txt'), 'x')).rejects.toThrow(/ENOENT/);
  });
});
