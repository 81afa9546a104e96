/** The demo (`npm run demo`) shows inv as the README recommends it: no secret on a command line. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTABLE_KEYS } from '../../src/config/settable-keys.js';

const demo = readFileSync(new URL('../../scripts/demo.mjs', import.meta.url), 'utf8');

describe('scripts/demo.mjs', () => {
  it('sets every secret with --stdin, never as an argument (inv warns about that)', () => {
    const secrets = Object.entries(SETTABLE_KEYS)
      .filter(([, rule]) => rule.secret)
      .map(([key]) => key);
    expect(secrets.length).toBeGreaterThan(0);
    const sets = [...demo.matchAll(/inv\(\[\s*'config',\s*'set',\s*'([\w.]+)',\s*([^\]]*)\]/g)];
    const onArgv = sets.filter(([, key, rest]) => secrets.includes(key!) && !/'--stdin'/.test(rest!));
    expect(onArgv.map(([line]) => line)).toEqual([]);
  });
});
