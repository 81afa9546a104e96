import { describe, expect, it } from 'vitest';
import { render } from '../../src/cli/output/render.js';
import type { View } from '../../src/cli/output/view.js';
import { readGlobals, type GlobalOptions } from '../../src/cli/globals.js';
import type { Writer } from '../../src/util/io.js';
import { testIO } from '../helpers/io.js';

type Rec = { id: number; text: string };
const VIEW: View<Rec> = { kind: 'list', fields: ['id', 'text'], columns: [{ key: 'id', header: 'id' }] };

/** Renders `records` as `output` to a stdout that keeps each write apart. */
function renderTo(out: Writer, records: Iterable<Rec> | AsyncIterable<Rec>, output: GlobalOptions['output']) {
  const t = testIO();
  t.io.out = out;
  return render(VIEW, records, { io: t.io, globals: { ...readGlobals({ timeout: '30' }, t.io), output } });
}

const recordsOf = (n: number, size = 10) => Array.from({ length: n }, (_, id) => ({ id, text: 'x'.repeat(size) }));

describe('listings on stdout', () => {
  it('go out in a few writes rather than one per record, the same text in every format', async () => {
    const records = recordsOf(3000);
    for (const [output, expected] of [
      ['ndjson', records.map((r) => JSON.stringify(r) + '\n').join('')],
      ['json', '[\n' + records.map((r) => JSON.stringify(r)).join(',\n') + '\n]\n'],
      ['csv', 'id\n' + records.map((r) => `${r.id}\n`).join('')],
    ] as const) {
      const writes: string[] = [];
      expect(await renderTo({ write: (s) => void writes.push(s) }, records, output)).toBe(3000);
      expect(writes.join(''), output).toBe(expected);
      expect(writes.length, output).toBeLessThanOrEqual(Math.ceil(expected.length / 65_536) + 1);
    }
  });

  it('show the records that have arrived while the next ones are awaited', async () => {
    const writes: string[] = [];
    let shownWhileWaiting = '';
    async function* slow() {
      yield { id: 1, text: 'first' };
      await new Promise((resolve) => setTimeout(resolve, 20));
      shownWhileWaiting = writes.join('');
      yield { id: 2, text: 'second' };
    }
    await renderTo({ write: (s) => void writes.push(s) }, slow(), 'ndjson');
    expect(shownWhileWaiting).toBe('{"id":1,"text":"first"}\n');
    expect(writes.join('')).toBe('{"id":1,"text":"first"}\n{"id":2,"text":"second"}\n');
  });

  it('show what arrived before the records failed', async () => {
    const writes: string[] = [];
    async function* failing() {
      yield { id: 1, text: 'first' };
      throw new Error('page 2 failed');
    }
    await expect(renderTo({ write: (s) => void writes.push(s) }, failing(), 'ndjson')).rejects.toThrow('page 2');
    expect(writes.join('')).toBe('{"id":1,"text":"first"}\n');
  });

  it('wait for a full stdout before taking more records', async () => {
    let pulled = 0;
    let drain = () => {};
    function* big() {
      for (const record of recordsOf(3, 70_000)) {
        pulled++;
        yield record;
      }
    }
    const full: Writer = { write: () => new Promise<void>((resolve) => (drain = resolve)) };
    const rendering = renderTo(full, big(), 'ndjson');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled).toBe(1);
    drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled).toBe(2);
    drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    drain();
    expect(await rendering).toBe(3);
  });
});
