/**
 * Research answers kept on disk with the time they were given, per account (research client id) and research
 * origin: one JSON line per answer, the last line for a key winning. Scout reads them back while younger than
 * --max-age and works out prices, profit and verdicts afresh on every run.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, renameSync, writeFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

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

/** The file of an account's answers at a research origin. */
export function answersFile(stateDir: string, account: string, origin: string): string {
  const key = createHash('sha256').update(`research-answers\0${account}\0${origin}`).digest('hex').slice(0, 32);
  return join(stateDir, 'cache', `research-${key}.ndjson`);
}

/** The answers in `path`, appended to as new ones arrive; a line cut short by a kill is skipped. */
export class FileAnswers implements AnswerStore {
  private readonly answers = new Map<string, Answer>();
  private readonly out: WriteStream;

  constructor(
    readonly path: string,
    now = Date.now(),
  ) {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // no answers yet
    }
    let lines = 0;
    for (const line of text.split('\n')) {
      if (!line) continue;
      lines++;
      try {
        const entry = JSON.parse(line) as { k: string; at: number; v: unknown };
        if (typeof entry.k === 'string' && typeof entry.at === 'number' && now - entry.at < KEEP_MS) this.answers.set(entry.k, { at: entry.at, value: entry.v });
      } catch {
        // a line cut by a kill: that answer is asked again
      }
    }
    // Rewritten when most lines are stale or repeated, so the file does not grow without end.
    if (lines > 1000 && lines > 2 * this.answers.size) {
      const fresh = [...this.answers].map(([k, a]) => JSON.stringify({ k, at: a.at, v: a.value }) + '\n').join('');
      writeFileSync(`${path}.tmp`, fresh, { mode: 0o600 });
      renameSync(`${path}.tmp`, path);
    }
    this.out = createWriteStream(path, { flags: 'a', mode: 0o600 });
  }

  /** The answer kept under `key`, if any. */
  get(key: string): Answer | undefined {
    return this.answers.get(key);
  }

  /** Keeps an answer (in memory and appended to the file). */
  put(key: string, answer: Answer): void {
    this.answers.set(key, answer);
    this.out.write(JSON.stringify({ k: key, at: answer.at, v: answer.value }) + '\n');
  }

  /** Flushes the file. */
  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(resolve));
  }
}

/** "90s", "30m", "1h", "2d" or a number of seconds, as milliseconds; undefined when it reads otherwise. */
export function parseAge(text: string): number | undefined {
  const match = /^\s*(\d{1,7})\s*(s|m|h|d)?\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[(match[2] ?? 's').toLowerCase() as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit * 1000;
}
