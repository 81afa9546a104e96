/**
 * Research answers kept on disk with the time they were given, per account (research client id) and research
 * origin: a journal of one record per answer (the cache kind: checksummed, never synced), the last record for
 * a key winning. Scout reads them back while younger than --max-age and works out prices, profit and verdicts
 * afresh on every run.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ensureOwnDir } from '../util/own-dir.js';
import { join } from 'node:path';
import { Journal, type JournalKind } from '../util/journal.js';
import { encodeRecord, readRecords } from '../util/journal-records.js';
import { writeWholeSync } from '../util/atomic-write.js';

/** An answer and when it was given (ms since the epoch). */
export interface Answer {
  at: number;
  value: unknown;
}

/** Where answers are kept and read back. */
export interface AnswerStore {
  get(key: string): Answer | undefined;
  put(key: string, answer: Answer): void;
  close(): Promise<void>;
}

/** Answers older than this are dropped when the file is read: no --max-age reaches back further. */
const KEEP_MS = 7 * 86_400_000;

/** A cache: an answer lost to a crash or a full disk is asked again, so nothing waits for the disk. */
const ANSWERS_JOURNAL: JournalKind = {
  sync: 'none',
  broken: (path, cause) => new Error(`cannot keep research answers in ${path}: ${cause}`),
};

/** The file of an account's answers at a research origin. */
export function answersFile(stateDir: string, account: string, origin: string): string {
  const key = createHash('sha256').update(`research-answers\0${account}\0${origin}`).digest('hex').slice(0, 32);
  return join(stateDir, 'cache', `research-${key}.ndjson`);
}

/** The answers in `path`, appended to as new ones arrive; a record cut short or damaged is asked again. */
export class FileAnswers implements AnswerStore {
  private readonly answers = new Map<string, Answer>();
  private readonly out: Journal;

  constructor(
    readonly path: string,
    now = Date.now(),
  ) {
    ensureOwnDir(join(path, '..'));
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // no answers yet
    }
    // Files written before answers were checksummed hold bare JSON lines: read too.
    const { records, validBytes, damage } = readRecords(text, { legacy: true });
    for (const { record } of records) {
      const entry = record as { k?: unknown; at?: unknown; v: unknown };
      if (typeof entry.k !== 'string' || typeof entry.at !== 'number' || now - entry.at >= KEEP_MS) continue;
      this.answers.set(entry.k, { at: entry.at, value: entry.v });
    }
    // Rewritten when most records are stale or repeated (so the file does not grow without end), or damaged.
    if (damage || (records.length > 1000 && records.length > 2 * this.answers.size)) {
      const fresh = [...this.answers].map(([k, a]) => encodeRecord('-', { k, at: a.at, v: a.value })).join('');
      writeWholeSync(path, fresh);
    }
    this.out = Journal.open(path, ANSWERS_JOURNAL, damage ? {} : { validBytes });
  }

  /** The answer kept under `key`, if any. */
  get(key: string): Answer | undefined {
    return this.answers.get(key);
  }

  /** Keeps an answer (in memory and appended to the file; one that cannot be written is asked again next time). */
  put(key: string, answer: Answer): void {
    this.answers.set(key, answer);
    this.out.note({ k: key, at: answer.at, v: answer.value }).catch(() => undefined);
  }

  /** Flushes the file. */
  close(): Promise<void> {
    return this.out.close();
  }
}
