/** The batch journal: checksummed records read back, torn tails read as in doubt, other damage found, failed writes stop it. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalWriteError, openBatchJournal } from '../../src/batch/journal/batch-journal.js';
import { encodeRecord } from '../../src/util/journal-records.js';
import { readBatchFile } from '../../src/batch/journal/journal-read.js';
import { Progress } from '../../src/batch/views/progress.js';
import { tempDir } from '../helpers/temp.js';

const dir = () => tempDir('journal');
const id = (n: number) => n.toString(16).padStart(16, '0');

/** A journal of `rows` rows, each sent then done, as a run leaves it. */
function finishedJournal(rows: number): string {
  let text = encodeRecord('-', {
    batch: { name: 'b', kind: 'move', profile: 'p', origin: 'o', account: 'a', created: 'now' },
  });
  for (let i = 1; i <= rows; i++)
    text += encodeRecord(id(i), { s: 'sent', l: i + 1, m: { msku: `M-${i}`, quantity: 1 } });
  for (let i = 1; i <= rows; i++) text += encodeRecord(id(i), { s: 'done' });
  return text;
}

describe('reading a journal', () => {
  it("reads each row's last state", async () => {
    const path = join(dir(), 'j');
    writeFileSync(
      path,
      finishedJournal(5) +
        encodeRecord(id(6), { s: 'sent', l: 7 }) +
        encodeRecord(id(7), { s: 'sent', l: 8 }) +
        encodeRecord(id(7), { s: 'failed', e: 'no' }),
    );
    const file = await readBatchFile(path);
    expect(file.damage).toBeUndefined();
    expect(file.header?.name).toBe('b');
    expect([...file.rows.values()].map((r) => r.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'in-doubt',
      'failed',
    ]);
  });

  it('a tail cut anywhere in the last record: that row is in doubt, nothing else changes, no damage', async () => {
    const text = finishedJournal(3);
    const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
    for (let cut = lastStart + 1; cut < text.length; cut++) {
      const path = join(dir(), 'j');
      writeFileSync(path, text.slice(0, cut));
      const file = await readBatchFile(path);
      expect(file.damage, `cut at ${cut}`).toBeUndefined();
      expect(file.torn, `cut at ${cut}`).toBeDefined();
      expect(file.rows.get(id(3))!.state).toBe('in-doubt');
      expect(file.rows.get(id(2))!.state).toBe('done');
      expect(file.validBytes).toBe(lastStart);
    }
  });

  it('a zeroed block or a flipped digit before the last record is damage, named by record and byte', async () => {
    const text = finishedJournal(50);
    const zeroed = Buffer.from(text);
    zeroed.fill(0, 1000, 1512);
    const path = join(dir(), 'j');
    writeFileSync(path, zeroed);
    const file = await readBatchFile(path);
    expect(file.damage).toBeDefined();
    expect(file.damage!.offset).toBeLessThanOrEqual(1000);
    const flipped = text.replace('"l":7,', '"l":8,');
    writeFileSync(path, flipped);
    expect((await readBatchFile(path)).damage).toMatchObject({ record: 7 });
  });
});

describe('writing a journal', () => {
  it('marks are on disk, synced, when they resolve; several marks share one sync', async () => {
    const path = join(dir(), 'j');
    let writes = 0;
    let syncs = 0;
    const { writeSync, fsyncSync } = await import('node:fs');
    const journal = openBatchJournal(path, {
      file: {
        write: async (fd, data) => (writes++, writeSync(fd, data)),
        sync: async (fd) => (syncs++, fsyncSync(fd)),
      },
    });
    await Promise.all([1, 2, 3].map((n) => journal.mark(id(n), { s: 'sent', l: n })));
    expect(syncs).toBe(1);
    expect(writes).toBe(1);
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
    await journal.close();
  });

  it('a failed or short write refuses that mark and every later one', async () => {
    for (const failure of ['ENOSPC', 'short'] as const) {
      const journal = openBatchJournal(join(dir(), 'j'), {
        file: {
          write: async () => {
            if (failure === 'short') return 0;
            throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
          },
          sync: async () => undefined,
        },
      });
      await expect(journal.mark(id(1), { s: 'sent' })).rejects.toThrow(JournalWriteError);
      await expect(journal.mark(id(2), { s: 'sent' })).rejects.toThrow(failure === 'short' ? /EIO/ : /ENOSPC/);
      await journal.close();
    }
  });
});

describe('progress in a log', () => {
  it('writes a plain line (no escape codes) at most every interval', () => {
    const lines: string[] = [];
    const progress = new Progress('moving', { log: (l) => lines.push(l), everyMs: 0 });
    progress.total = 4;
    progress.tick('done');
    progress.tick('failed');
    expect(lines.length).toBe(2);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT.* moving: 2\/4 rows: 1 done · 1 failed \(\d+\/s, about \d+ s left\)$/);
    const quiet = new Progress('moving', { log: (l) => lines.push(l), everyMs: 10_000 });
    quiet.tick('done');
    expect(lines.length).toBe(2);
  });
});
