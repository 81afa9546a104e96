/** The stored help texts (dist/help.json, printed without loading commander) are commander's own. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { helpRequest } from '../../src/cli/help-request.js';
import { runInv } from '../helpers/io.js';
import { spawnInv } from '../helpers/spawn.js';

const texts = JSON.parse(readFileSync(new URL('../../dist/help.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

describe('stored help', () => {
  it('covers every command and subcommand', () => {
    for (const key of ['', 'fees', 'items', 'items list', 'move', 'auth status', 'config set', 'completion', 'sandbox'])
      expect(texts).toHaveProperty([key]);
    expect(Object.keys(texts).length).toBeGreaterThan(50);
  });

  it.each(Object.keys(texts))('"%s" equals what commander prints', async (key) => {
    // --no-color keeps the argv from being a pure help request, so commander answers.
    const live = await runInv([...(key ? key.split(' ') : []), '--no-color', '--help']);
    expect(live.code).toBe(0);
    expect(texts[key]).toBe(live.stdout);
  });

  it('is what bin/inv prints for a help request', async () => {
    expect((await spawnInv(['fees', '--help'])).stdout).toBe(texts.fees);
    expect((await spawnInv(['help', 'items', 'list'])).stdout).toBe(texts['items list']);
    expect((await spawnInv(['--help'])).stdout).toBe(texts['']);
  });

  it('recognises only pure help requests', () => {
    expect(helpRequest(['--help'])).toBe('');
    expect(helpRequest(['items', 'list', '-h'])).toBe('items list');
    expect(helpRequest(['help', 'fees'])).toBe('fees');
    expect(helpRequest(['fees', 'B00X4WHP5E', '--help'])).toBeUndefined();
    expect(helpRequest(['--json', '--help'])).toBeUndefined();
    expect(helpRequest(['fees'])).toBeUndefined();
  });
});
