/** The journals that are not a batch's, read back as the one journal module reads: research answers (a cache) and pack scan sessions. */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileAnswers } from '../../src/scout/answers.js';
import { ScanSession } from '../../src/pack/scan-session.js';
import type { ShipmentFacts } from '../../src/pack/packing-types.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const file = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'inv-journal-kinds-'));
  made.push(dir);
  return join(dir, name);
};

describe('kept research answers', () => {
  it('an answer whose record was altered on disk is not believed (asked again); the others are', async () => {
    const path = file('answers.ndjson');
    const now = Date.now();
    const store = new FileAnswers(path, now);
    store.put('fees B00X 19.99', { at: now, value: { fba: 4.25 } });
    store.put('offers B00X', { at: now, value: { buyBox: 19.99 } });
    await store.close();
    writeFileSync(path, readFileSync(path, 'utf8').replace('4.25', '1.25'));
    const again = new FileAnswers(path, now);
    expect(again.get('fees B00X 19.99')).toBeUndefined();
    expect(again.get('offers B00X')?.value).toEqual({ buyBox: 19.99 });
    await again.close();
  });

  it('a record cut short by a kill is dropped, and answers kept after it read back whole', async () => {
    const path = file('answers.ndjson');
    const now = Date.now();
    const store = new FileAnswers(path, now);
    store.put('a', { at: now, value: 1 });
    await store.close();
    appendFileSync(path, readFileSync(path, 'utf8').slice(0, 12)); // a torn record
    const next = new FileAnswers(path, now);
    next.put('b', { at: now, value: 2 });
    await next.close();
    const last = new FileAnswers(path, now);
    expect([last.get('a')?.value, last.get('b')?.value]).toEqual([1, 2]);
    await last.close();
  });

  it('answers a file of bare JSON lines holds (as older versions wrote them) are still read', async () => {
    const path = file('answers.ndjson');
    const now = Date.now();
    writeFileSync(path, `${JSON.stringify({ k: 'old', at: now, v: 'kept' })}\n`);
    const store = new FileAnswers(path, now);
    expect(store.get('old')?.value).toBe('kept');
    await store.close();
  });
});

describe('a pack scan session', () => {
  const facts: ShipmentFacts = {
    shipmentId: 'FBA1',
    center: null,
    shipTo: ['PHX7'],
    lines: [{ msku: 'MUG', fnsku: 'X001', quantity: 5 }],
  };
  const codes = new Map([['X001', 'MUG']]);
  const open = (path: string) => ScanSession.open(facts, path, 'http://o', 'acct', codes, {});

  it('a step torn by a kill is cut off, and the steps scanned after the resume are kept', () => {
    const path = file('FBA1.journal');
    const first = open(path);
    expect(first.scan('X001').ok).toBe(true);
    first.release();
    appendFileSync(path, readFileSync(path, 'utf8').split('\n').at(-2)!.slice(0, 20)); // killed mid-write of a step
    const second = open(path);
    expect(second.openBox().get('MUG')).toBe(1);
    expect(second.scan('X001').ok).toBe(true);
    second.release();
    const third = open(path);
    expect(third.openBox().get('MUG')).toBe(2);
    third.release();
  });

  it('a step altered on disk is not replayed', () => {
    const path = file('FBA1.journal');
    const first = open(path);
    first.scan('X001');
    first.close({ weight: 10, length: 10, width: 10, height: 10 });
    first.release();
    writeFileSync(path, readFileSync(path, 'utf8').replace('"weight":10', '"weight":90'));
    const second = open(path);
    expect(second.box).toBe(1);
    expect(second.openBox().get('MUG')).toBe(1);
    second.release();
  });
});
