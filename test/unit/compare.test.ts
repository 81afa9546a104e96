/** byCodeUnits orders what inv sorts (its verbs, its batches' last runs) as localeCompare did. */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/command-list.js';
import { isNoun, verbsOf } from '../../src/cli/command.js';
import { byCodeUnits } from '../../src/util/compare.js';

const byLocale = (a: string, b: string) => a.localeCompare(b);

describe('byCodeUnits', () => {
  it("orders each noun's verbs, and the top-level names, as localeCompare does", async () => {
    const modules = await Promise.all(COMMANDS.map(([, load]) => load()));
    const lists = [COMMANDS.map(([name]) => name)];
    for (const m of modules) if (isNoun(m)) lists.push(verbsOf(m).map((v) => v.meta.name));
    expect(lists.length).toBeGreaterThan(5);
    for (const names of lists) expect([...names].sort(byCodeUnits)).toEqual([...names].sort(byLocale));
  });

  it('orders last runs (ISO timestamps, or null as String(null) reads) as localeCompare does', () => {
    const runs = ['2026-11-25T09:00:00.000Z', '2026-11-25T10:00:00.000Z', '2025-01-01T00:00:00.000Z', String(null)];
    expect([...runs].sort(byCodeUnits)).toEqual([...runs].sort(byLocale));
  });
});
