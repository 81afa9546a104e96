/**
 * Which batch an input is, by the one rule of docs/decisions.md 13: its key (the account, and the batch's name or the
 * content of its rows) names a batch on the server; the same key again continues it while unfinished and sends nothing
 * once finished (for a batch known by its rows, "finished" lasts 12 hours: the same rows another night are new work).
 * An input that holds every applied row of another of tonight's batches (unfinished, or finished within 12 hours)
 * continues that batch (a fixed row, rows added); one that holds all of them but a few (at most one in ten, at least
 * one) is an edited copy of it: it is taken as that batch, whose run refuses it, naming the rows the edit lost. Other
 * overlap is no reason to refuse: tomorrow's file shares rows with tonight's.
 */
import type { SortedIds } from './sorted-ids.js';

/** A batch generation as the choice sees it: where it stands, and the ids of the rows it applied (8 bytes each). */
export interface Known {
  id: string;
  key?: string;
  gen: number;
  name: string;
  named: boolean;
  finished: boolean;
  /** When it last ran (ms). */
  at: number;
  host?: string;
  profile?: string;
  applied: Buffer;
}

export type Choice = { kind: 'continue'; batch: Known; byContent: boolean } | { kind: 'new'; gen: number };

export interface ChooseRequest {
  named: boolean;
  /** --again: a new generation, once the last one finished. */
  again: boolean;
  /** The generation this run set out to run, when it waited for another run: it then continues what that one did. */
  target?: number;
  /** The batch is its name alone (a scan session's leg): never another batch by its rows, whose repeat is new work. */
  nameOnly?: boolean;
  now: number;
}

/** How long a finished batch known by its rows is tonight's: the same rows within this time are that batch. */
export const RECENT_MS = 12 * 3_600_000;

/** An input that lacks at most this share of a batch's applied rows (and at least one may always lack) is an edited copy. */
const EDITED_SHARE = 0.1;
const ID_BYTES = 8;

/** How many of `batch`'s applied rows the input holds. */
export function overlap(batch: Pick<Known, 'applied'>, input: SortedIds): number {
  let found = 0;
  for (let at = 0; at < batch.applied.length; at += ID_BYTES) if (input.has(batch.applied, at)) found++;
  return found;
}

const appliedCount = (batch: Pick<Known, 'applied'>) => batch.applied.length / ID_BYTES;

/** Whether a batch known by its rows is tonight's: unfinished, or finished within the last 12 hours. */
export function open(batch: Pick<Known, 'finished' | 'at'>, now: number): boolean {
  return !batch.finished || now - batch.at < RECENT_MS;
}

/** Whether an input holding `held` of a batch's `applied` rows, but not all, is an edited copy of it. */
function editedCopy(held: number, applied: number): boolean {
  return held > 0 && held < applied && applied - held <= Math.max(1, Math.floor(EDITED_SHARE * applied));
}

/**
 * The batch of an input whose key names `exact` (its latest generation, if any), among the account's other batches
 * `others` (compared by rows only when the input has no name).
 */
export function chooseBatch(
  exact: Known | undefined,
  others: Known[],
  input: SortedIds,
  request: ChooseRequest,
): Choice {
  const again = request.target !== undefined ? (exact?.gen ?? 0) < request.target : request.again;
  const next: Choice = { kind: 'new', gen: (exact?.gen ?? 0) + 1 };
  if (exact && !exact.finished) return { kind: 'continue', batch: exact, byContent: false };
  if (exact && again) return next;
  if (exact && (request.named || open(exact, request.now))) return { kind: 'continue', batch: exact, byContent: false };
  if (request.nameOnly) return next;
  const own = (o: Known) => exact !== undefined && o.key !== undefined && o.key === exact.key;
  const candidates = others.filter((o) => !own(o) && appliedCount(o) > 0 && open(o, request.now));
  const shared = candidates.map((batch) => ({ batch, rows: overlap(batch, input) }));
  const edited = shared.find(({ batch, rows }) => editedCopy(rows, appliedCount(batch)));
  // Continued so that the run names the applied rows the edit lost, and refuses it (prepare.ts).
  if (edited && !again) return { kind: 'continue', batch: edited.batch, byContent: true };
  const holder = shared
    .filter(({ batch, rows }) => rows === appliedCount(batch) && !(again && batch.finished))
    .sort((a, b) => Number(a.batch.finished) - Number(b.batch.finished) || b.batch.at - a.batch.at)[0];
  return holder ? { kind: 'continue', batch: holder.batch, byContent: true } : next;
}
