/** The floor's scan sessions, pure parts: receive legs, the running screen, and scans split at Enter or Tab. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ScanLegs } from '../../src/floor/scan-legs.js';
import { scanReader } from '../../src/cli/scan-lines.js';

const codes = new Map([
  ['MUG', 'MUG'],
  ['LAMP', 'LAMP'],
]);

describe('a receive session (--from-purchase)', () => {
  it('takes units from the purchase, without a source bin, and closes each leg at a bin', () => {
    const legs = new ScanLegs(() => 0, codes, '5001');
    expect(legs.step('MUG')).toMatchObject({ ok: true, say: '✓ MUG · taking 1 · from purchase 5001' });
    expect(legs.step('7')).toMatchObject({ ok: true });
    expect(legs.running()).toBe('purchase 5001 → ?: MUG 7');
    expect(legs.step('')).toMatchObject({ ok: false, why: expect.stringContaining('leg from purchase 5001 is open') });
    expect(legs.step('LOC-3')).toMatchObject({
      ok: true,
      moves: [{ msku: 'MUG', quantity: 7, fromPurchaseId: '5001', to: '3' }],
    });
    expect(legs.step('LOC-3')).toMatchObject({ ok: false, why: 'no unit scanned from purchase 5001 yet' });
    expect(legs.step('')).toEqual({ end: true });
  });
});

describe('the running screen', () => {
  it('shows each msku of the open leg with what the source holds and will hold, after earlier legs', () => {
    const legs = new ScanLegs((bin, msku) => (bin === '1' ? ({ MUG: 10, LAMP: 4 }[msku] ?? 0) : 0), codes);
    for (const line of ['LOC-1', 'MUG', '2', 'LOC-2', 'LOC-1', 'LAMP', 'MUG']) legs.step(line);
    expect(legs.running()).toBe('LOC-1 → ?: LAMP 1 (4 → 3) · MUG 1 (8 → 7)');
    legs.step('LOC-2');
    expect(legs.running()).toBeUndefined();
  });
});

describe('scans split at Enter or Tab', () => {
  async function read(chunks: string[]): Promise<Array<string | undefined>> {
    const stream = new PassThrough();
    const reader = scanReader(stream, undefined, () => undefined);
    for (const c of chunks) stream.write(c);
    stream.end();
    const out: Array<string | undefined> = [];
    for (let code = await reader.next(); code !== undefined; code = await reader.next()) out.push(code);
    return out;
  }

  it('reads a code at a Tab, a line feed, or a CR LF split across two chunks (one end, not two)', async () => {
    expect(await read(['LOC-1\tMUG\r', '\n3\nLOC-2\t\n'])).toEqual(['LOC-1', 'MUG', '3', 'LOC-2', '']);
  });

  it('reads the last code when the input ends without a line break', async () => {
    expect(await read(['LOC-1\nMUG'])).toEqual(['LOC-1', 'MUG']);
  });

  it('keeps a code cut between chunks whole', async () => {
    expect(await read(['LO', 'C-1\tM', 'UG\n'])).toEqual(['LOC-1', 'MUG']);
  });
});
