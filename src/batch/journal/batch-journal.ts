/** The batch's journal: a row's `sent` mark is on disk before its request leaves, and a failed write stops the batch. */
import { InvError } from '../../errors.js';
import { Journal, type JournalFile, type JournalKind } from '../../util/journal.js';

/** The journal could not be written: the batch stops before another request leaves. */
export class JournalWriteError extends InvError {}

/** Batch journals sync each group of marks before any of their requests leaves. */
const BATCH_JOURNAL: JournalKind = {
  sync: 'group',
  broken: (path, cause) =>
    new JournalWriteError(
      `cannot write the batch journal ${path}: ${cause}; the batch stopped before sending another row`,
      'free space (or fix the disk), then run the same command again: rows whose answer was not written are listed as in doubt',
    ),
};

/** Opens (creating) a batch's journal, cut back to `validBytes` when a torn tail follows them. */
export function openBatchJournal(path: string, options: { validBytes?: number; file?: JournalFile } = {}): Journal {
  return Journal.open(path, BATCH_JOURNAL, options);
}
