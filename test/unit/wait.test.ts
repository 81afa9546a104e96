/** The test helpers that wait and clean up: they fail with a message naming what they waited for. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { removeTempDir, tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { seededRandom } from '../helpers/seeded.js';

describe('waitFor', () => {
  it('resolves to the first truthy value of the condition', async () => {
    let n = 0;
    expect(await waitFor(() => ++n >= 3 && n, { what: 'three polls', every: 1 })).toBe(3);
  });

  it('gives up after its deadline, naming what it waited for', async () => {
    await expect(waitFor(() => false, { what: () => 'the impossible (0 so far)', deadline: 50 })).rejects.toThrow(
      /gave up after 50 ms waiting for the impossible \(0 so far\)/,
    );
  });

  it('fails at once when the process it watches exits first', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await expect(waitFor(() => false, { what: 'a reply', running: child, deadline: 10_000 })).rejects.toThrow(
      /waited for a reply, but process \d+ exited first \(3\)/,
    );
  });
});

describe('tempDir and seededRandom', () => {
  it('a temporary folder is there until removed', () => {
    const dir = tempDir('wait-test');
    expect(existsSync(dir)).toBe(true);
    removeTempDir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('the same seed gives the same sequence, another seed another', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
    expect(draw(5).every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
