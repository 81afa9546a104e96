/** A file that cannot be written is named with its reason in words (labels, carton labels and pack lists share it). */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cannotWrite, exitCodeOf } from '../../src/errors.js';
import { writeOutput } from '../../src/pack/write-outputs.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const dir = tempDir('write-failure');
afterAll(() => removeTempDir(dir));

describe('a file that cannot be written', () => {
  it('in a directory that does not exist: "no such directory", exit 1', async () => {
    const file = join(dir, 'missing', 'cartons.pdf');
    const error = await writeOutput(file, 'x').catch((e: unknown) => e);
    expect((error as Error).message).toBe(`cannot write ${file}: no such directory`);
    expect(exitCodeOf(error)).toBe(1);
  });

  it('where a directory stands: "it is a directory", and no temporary file is left beside it', async () => {
    const file = join(dir, 'taken');
    mkdirSync(file);
    await expect(writeOutput(file, 'x')).rejects.toThrow(`cannot write ${file}: it is a directory`);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('without permission: "permission denied"; any other failure in the system\'s own words', () => {
    const denied = Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' });
    expect(cannotWrite('/x.pdf', denied).message).toBe('cannot write /x.pdf: permission denied');
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    expect(cannotWrite('/x.pdf', full).message).toBe('cannot write /x.pdf: ENOSPC: no space left on device');
  });
});
