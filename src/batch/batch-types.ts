/** The vocabulary of the batch engine: what a batch kind provides, what a run is asked and given, and what it reports. */
import type { InventoryClient } from '../api/inventory.js';
import type { InvError } from '../errors.js';
import type { Encoding } from '../csv/decode.js';
import type { Journal, JournalFile } from '../util/journal.js';
import type { ProgressSinks } from './views/progress.js';
import type { Cell } from './input/strict-json.js';
import type { SettingStore } from './anchor/setting-store.js';
import type { ResultState } from './journal/row-states.js';

/** One row of an input as read: its line, and its record or why it could not be read. */
export interface InputRow {
  /** Line number in the input (for CSV, the header is line 1). */
  line: number;
  record?: Record<string, Cell>;
  /** Why the line could not be read. */
  error?: string;
}

/** What a row does to a stock position: takes units from it, fills it, or writes it whole (an item). */
export type Role = 'take' | 'fill' | 'write';

/** One stock position a row touches: an msku at a location (an item import: the msku alone). */
export interface Position {
  msku: string;
  at?: string;
  role: Role;
  units?: number;
}

/** The batch input formats (--format). */
export const INPUT_FORMATS = ['csv', 'ndjson'] as const;

/** What a row does, normalised: its identity (`key`) and how the journal shows it (`what`, a kind's own record). */
export interface Identified<What extends Record<string, unknown> = Record<string, unknown>> {
  key: unknown[];
  what: What;
  /** Why it cannot be sent (e.g. an unknown location name): the row fails without a request. */
  unresolved?: string;
}

/** A row's `what` as a journal gives it back: the kind's fields, each of a value not checked since it was written. */
export type StoredWhat<What> = { [Field in keyof What]?: unknown };

/**
 * One kind of batch (moves, item imports): how its rows (`Row`, as parsed) are read, identified and sent, and what the
 * journal keeps of each (`What`).
 */
export interface BatchKind<Row, What extends Record<string, unknown> = Record<string, unknown>> {
  kind: string;
  /** How deep an NDJSON record may nest. */
  depth: number;
  /** Checks the CSV header; returns it with names matched to the kind's own spelling. */
  columns(columns: string[]): string[] | void;
  parse(line: number, record: Record<string, Cell>): { row: Row } | { problem: string };
  identify(row: Row): Promise<Identified<What>>;
  /** The stock positions the row touches: rows that touch one in conflicting ways are sent in file order (order.ts). */
  positions(row: Row, ident: Identified<What>): Position[];
  /** Sends the row once; resolves to what the service answered. */
  send(row: Row, ident: Identified<What>): Promise<unknown>;
  /** Units the row moves, for the account of a finished batch. */
  units?(row: Row): number;
  /** How a person reads a row's `what` (a move: its locations by name and id). */
  describe?(what: StoredWhat<What>): Promise<string>;
  /** Fields of the service's answer that a done row's result carries (a move: the destination's itemLocation). */
  resultFields?(answer: unknown): Record<string, unknown>;
}

/** What a run (or a dry run) reports of one row. */
export interface RowResult {
  line: number;
  msku: string | null;
  status: ResultState;
  error?: string;
  [extra: string]: unknown;
}

export interface BatchRequest {
  file: string;
  format?: string;
  encoding?: Encoding;
  /** --delimiter (CSV); sniffed when absent. */
  delimiter?: string;
  /** --batch NAME; default: the file's absolute path (stdin: a hash of its content). */
  name?: string;
  retryInDoubt: boolean;
  concurrency: number;
  /** --again: a new generation of the batch, once the last one finished (an unfinished one is continued). */
  again?: boolean;
  /** The generation a run set out to run before it waited for another run of the batch: that one's work is its own. */
  target?: number;
  /** The batch is `name` alone, never another batch by its rows (a scan leg: the same units again are a new move). */
  nameOnly?: boolean;
}

/** What the engine needs from its caller. */
export interface BatchEnv {
  /** The input, spooled: `path` to read twice, `hash` of its bytes, `label` for messages. */
  input: { path: string; hash: string; label: string };
  stateDir: string;
  profile: string;
  origin: string;
  account(): Promise<string>;
  signal?: AbortSignal;
  progress: ProgressSinks;
  onResult(result: RowResult): void | Promise<void>;
  warn(message: string): Promise<void>;
  /** Says what the run is doing (which batch it continues). */
  info?(message: string): Promise<void>;
  /** The account's settings, where the batch keeps its anchor (absent: the local journal alone). */
  settings?: SettingStore;
  /** The wall clock (ms); `Date.now` when absent. */
  now?: () => number;
  /** Waits `ms`, ending early (with InterruptedError) when the run is stopped. */
  sleep?: (ms: number) => Promise<void>;
  /** How long a run waits for another run of the same batch to let go (--wait); 0: it stops at once, naming it. */
  waitMs?: number;
  /** This machine, as leases and locks name it (default: the host name). */
  host?: string;
  /** Asks before rows in doubt are sent again (a terminal, or --yes). */
  confirm(message: string): Promise<boolean>;
  /** File operations of the journal (tests inject failures). */
  journalFile?: JournalFile;
  /** Opens the journal (tests pass a fake). */
  openJournal?: (path: string, validBytes: number) => Promise<Pick<Journal, 'mark' | 'note' | 'close'>>;
}

/** What a command hands a batch run: the surroundings, minus the input it spools itself. */
export type BatchRunEnv = Omit<BatchEnv, 'input'> & {
  stdin: NodeJS.ReadableStream;
  inventory(): Promise<InventoryClient>;
};

export interface BatchOutcome {
  summary: Record<string, unknown>;
  /** The first rows not done (PROBLEMS_KEPT of them); the summary's `moreProblems` counts the others. */
  problems: RowResult[];
  line: string;
  error?: InvError;
}

/** The input's rows, read afresh on each call (pass one, then pass two). */
export type Rows = () => AsyncIterable<InputRow>;
