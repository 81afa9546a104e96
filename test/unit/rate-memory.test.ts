/** Rates learnt by earlier runs: keyed by one spelling of the server and the operation, kept 0600, read defensively. */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_MEMORY, rateKey, ratesFile, readLearntRate, writeLearntRate } from '../../src/http/rate-memory.js';
import { tempDir } from '../helpers/temp.js';

const MOVE = 'POST /v1/doMoveItem';

describe('a learnt rate', () => {
  it('is found again under any spelling of the same server, and only for its operation', () => {
    const file = ratesFile(join(tempDir('rates'), 'state'));
    writeLearntRate(file, rateKey('http://127.0.0.1:4010', MOVE), 4.8);
    expect(readLearntRate(file, rateKey('http://LOCALHOST:4010/', MOVE))).toBe(4.8);
    expect(readLearntRate(file, rateKey('http://[::1]:4010', MOVE))).toBe(4.8);
    expect(readLearntRate(file, rateKey('http://127.0.0.1:4011', MOVE))).toBeUndefined();
    expect(readLearntRate(file, rateKey('http://127.0.0.1:4010', 'PUT /v1/items/{msku}'))).toBeUndefined();
  });

  it('is kept 0600 in a 0700 directory, replaced by the next, and forgotten when told', () => {
    const state = join(tempDir('rates'), 'state');
    const [file, key] = [ratesFile(state), rateKey('https://api.example.com', MOVE)];
    writeLearntRate(file, key, 195);
    writeLearntRate(file, key, 190);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(state).mode & 0o777).toBe(0o700);
    expect(readLearntRate(file, key)).toBe(190);
    writeLearntRate(file, key, null);
    expect(readLearntRate(file, key)).toBeUndefined();
  });

  it(`is trusted for ${RATE_MEMORY.keepMs / 86_400_000} days`, () => {
    const file = ratesFile(tempDir('rates'));
    const key = rateKey('https://api.example.com', MOVE);
    writeLearntRate(file, key, 50, 1_000);
    expect(readLearntRate(file, key, 1_000 + RATE_MEMORY.keepMs - 1)).toBe(50);
    expect(readLearntRate(file, key, 1_000 + RATE_MEMORY.keepMs)).toBeUndefined();
  });

  it('is read defensively: nonsense in the file is no rate, and the rest stays readable', () => {
    const file = ratesFile(tempDir('rates'));
    const at = Date.now();
    const rates = { a: { rate: -1, at }, b: { rate: 'fast', at }, c: null, d: { rate: 1e12, at }, e: { rate: 7, at } };
    writeFileSync(file, JSON.stringify({ version: 1, rates }));
    for (const key of ['a', 'b', 'c', 'd', 'x']) expect(readLearntRate(file, key), key).toBeUndefined();
    expect(readLearntRate(file, 'e')).toBe(7);
    writeFileSync(file, 'not json');
    expect(readLearntRate(file, 'e')).toBeUndefined();
    writeLearntRate(file, 'f', 3);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      rates: { f: { rate: 3, at: expect.any(Number) } },
    });
  });
});
