/**
 * The journal of an open `inv move --scan` session on a terminal (decision 30): its start (the stock it was worked out
 * from), then every line scanned, each written and synced before it is acted on, and the legs whose batch ran. A
 * session killed or interrupted is resumed from it; one that ends is removed. One file (and one session) per profile.
 */
import { closeSync, fsyncSync, ftruncateSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { InvError } from '../errors.js';
import { lockFile, type LockHolder } from '../util/file-lock.js';
import { ensureOwnDir } from '../util/own-dir.js';
import type { LegMove } from './scan-legs.js';

/** What a session starts from: its id, when, where, the purchase of a receive session, and the stock read at the start. */
export interface SessionStart {
  v: 1;
  id: string;
  started: string;
  origin: string;
  /** Who `whoami` said the session runs as (absent in journals of the first sessions). */
  user?: string;
  purchase?: string;
  /** Every stock record at the start: [location id, msku, quantity]. */
  held: Array<[string, string, number]>;
}

/** A session as its journal holds it: the start, the lines scanned in order, the legs they closed, and those that ran. */
export interface SessionRecord {
  start: SessionStart;
  scans: string[];
  /** Each leg closed, by number, with the moves it meant when it closed (a replay never works them out again). */
  legs: Map<number, LegMove[]>;
  ran: Set<number>;
}

/** The path of a profile's scan session journal. */
export function sessionPath(stateDir: string, profile: string): string {
  return join(stateDir, 'sessions', `move-scan-${encodeURIComponent(profile)}.ndjson`);
}

/** Reads a profile's open session; undefined when there is none. A last line cut by a kill is left out (never acted on). */
function readSession(path: string): SessionRecord | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const records: unknown[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      break;
    }
  }
  const start = records[0] as SessionStart | undefined;
  if (records.length === 0) return undefined;
  if (start?.v !== 1 || !Array.isArray(start.held))
    throw new InvError(`${path} is not a scan session journal`, 'move it away to start a new session');
  const scans: string[] = [];
  const legs = new Map<number, LegMove[]>();
  const ran = new Set<number>();
  for (const r of records.slice(1) as Array<{ scan?: unknown; leg?: unknown; moves?: unknown; ran?: unknown }>) {
    if (typeof r.scan === 'string') scans.push(r.scan);
    if (Number.isInteger(r.leg) && Array.isArray(r.moves) && r.moves.every(isLegMove))
      legs.set(r.leg as number, r.moves);
    if (typeof r.ran === 'number') ran.add(r.ran);
  }
  return { start, scans, legs, ran };
}

/** Whether a journaled value is a leg's move as ScanLegs makes it. */
function isLegMove(m: unknown): m is LegMove {
  const move = m as Partial<LegMove> | null;
  return (
    typeof move?.msku === 'string' &&
    Number.isInteger(move.quantity) &&
    (move.quantity ?? 0) > 0 &&
    typeof move.to === 'string' &&
    (typeof move.from === 'string' || typeof move.fromPurchaseId === 'string')
  );
}

/** Cuts a last line left without its line feed by a kill, so that the next record starts a line of its own. */
function dropTornLine(fd: number, path: string): void {
  const text = readFileSync(path);
  if (text.length === 0 || text[text.length - 1] === 0x0a) return;
  ftruncateSync(fd, text.lastIndexOf(0x0a) + 1);
}

/** An open session's journal, held by this process (a second session of the profile is refused while it runs). */
export class ScanJournal {
  private constructor(
    private readonly fd: number,
    private readonly path: string,
    private readonly release: () => void,
  ) {}

  /** Takes the profile's session lock and opens its journal (`read` then tells whether a session is open). */
  static open(path: string): ScanJournal {
    ensureOwnDir(join(path, '..'));
    const lock = lockFile<LockHolder>(
      `${path}.lock`,
      (holder) =>
        new InvError(
          `a scan session of this profile is open in process ${holder.pid} on ${holder.host}, started ${holder.started}`,
          'finish it there (an empty line ends it); one session per profile at a time',
        ),
    );
    try {
      const fd = openSync(path, 'a', 0o600);
      try {
        dropTornLine(fd, path);
      } catch (error) {
        closeSync(fd);
        throw error;
      }
      return new ScanJournal(fd, path, lock.release);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** The session this journal holds; undefined when none was begun. */
  read(): SessionRecord | undefined {
    return readSession(this.path);
  }

  /** Begins a new session. */
  begin(start: SessionStart): void {
    this.write(start);
  }

  /** Writes a line scanned, synced, before it is acted on; with the leg it closes and that leg's moves, in one record. */
  scan(text: string, closes?: { leg: number; moves: LegMove[] }): void {
    this.write(closes ? { scan: text, leg: closes.leg, moves: closes.moves } : { scan: text });
  }

  /** Notes that leg `n`'s batch ran to an outcome (done, or rows failed or in doubt, as its batch journal tells). */
  ran(n: number): void {
    this.write({ ran: n });
  }

  /** Closes the journal; `ended`: the session is over and its journal removed. */
  close(ended: boolean): void {
    closeSync(this.fd);
    if (ended) rmSync(this.path, { force: true });
    this.release();
  }

  private write(record: object): void {
    writeSync(this.fd, JSON.stringify(record) + '\n');
    fsyncSync(this.fd);
  }
}
