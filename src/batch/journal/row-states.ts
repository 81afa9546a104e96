/**
 * The states a batch row can be in: the one vocabulary of the journal, the engine, dry runs and the views
 * (`inv batch list/show`). The journal spells some of them with codes of its own, kept as journals already
 * on disk spell them; the mapping is here and nowhere else.
 */
import type { JournalRecord } from '../../util/journal-records.js';

/**
 * What a row is. In the journal: `done` (applied), `failed` (refused: a rerun sends it), `in-doubt` (sent
 * without a sure answer), `pending` (never sent, or refused before it left), `dropped` (failed or pending, then
 * gone from the input of a later run: a fixed row has new content, hence a new id; counted nowhere). In a run's
 * results also `skipped` (done in an earlier run); in a dry run's, `would-succeed` and `would-fail`.
 */
export type RowState =
  | 'done'
  | 'failed'
  | 'in-doubt'
  | 'pending'
  | 'dropped'
  | 'skipped'
  | 'would-succeed'
  | 'would-fail';

/** The states a journal records. */
export type JournalState = Extract<RowState, 'done' | 'failed' | 'in-doubt' | 'pending' | 'dropped'>;

/** What sending a row can come to (stop-rule.ts): applied, refused, maybe applied, or not sent at all. */
export type SendState = Exclude<JournalState, 'dropped'>;

/** The states a run (or a dry run) reports a row in. */
export type ResultState = Exclude<RowState, 'dropped'>;

/** The states the progress line counts (a row left pending is not counted). */
export type TallyState = Exclude<ResultState, 'pending' | 'would-succeed' | 'would-fail'>;

/** The states `inv batch show` lists, in its order: what needs a person first. */
export const SHOWN_STATES: readonly JournalState[] = ['in-doubt', 'failed', 'pending', 'done'];

/** The key each state is counted under in summaries, progress and `inv batch list` (dropped rows count nowhere). */
export const COUNT_KEY = {
  done: 'done',
  failed: 'failed',
  'in-doubt': 'inDoubt',
  pending: 'pending',
  skipped: 'skipped',
  'would-succeed': 'wouldSucceed',
  'would-fail': 'wouldFail',
} as const satisfies Record<ResultState, string>;

export type CountKey = (typeof COUNT_KEY)[ResultState];

/** The journal's code of each state it records (field `s` of a row's record). */
const CODE: Record<JournalState, string> = {
  done: 'done',
  failed: 'failed',
  'in-doubt': 'doubt',
  pending: 'unsent',
  dropped: 'dropped',
};

/** The code of the mark written just before a row's request leaves: in doubt until a later mark says more. */
const SENT = 'sent';

/** Each code read back as its state. */
const STATE_OF_CODE = new Map<string, JournalState>([
  [SENT, 'in-doubt'],
  ...Object.entries(CODE).map(([state, code]) => [code, state as JournalState] as [string, JournalState]),
]);

/** What a row's mark says besides its state: its input line, what it does, who marked it, why it is not done. */
export interface MarkDetails {
  line?: number;
  what?: Record<string, unknown>;
  by?: string;
  error?: string;
}

/** A row's record as the journal writes it (`s` code, `l` line, `m` what, `by`, `e` error; absent details left out). */
function record(code: string, details: MarkDetails): JournalRecord {
  const { line, what, by, error } = details;
  return {
    s: code,
    ...(line !== undefined ? { l: line } : {}),
    ...(what !== undefined ? { m: what } : {}),
    ...(by !== undefined ? { by } : {}),
    ...(error !== undefined ? { e: error } : {}),
  };
}

/** The journal record that puts a row in `state`. */
export function markOf(state: JournalState, details: MarkDetails = {}): JournalRecord {
  return record(CODE[state], details);
}

/** The record written (and synced) just before a row's request leaves: read back as in doubt until its answer is marked. */
export function sentMark(line: number, what: Record<string, unknown>): JournalRecord {
  return record(SENT, { line, what });
}

/** A row's record read back: its state and details; undefined for a code this version does not know (ignored). */
export function readMark(mark: JournalRecord): (MarkDetails & { state: JournalState }) | undefined {
  const state = STATE_OF_CODE.get(String(mark.s));
  if (!state) return undefined;
  return {
    state,
    line: typeof mark.l === 'number' ? mark.l : undefined,
    what: mark.m && typeof mark.m === 'object' ? (mark.m as Record<string, unknown>) : undefined,
    error: typeof mark.e === 'string' ? mark.e : undefined,
  };
}

/** The lists an anchor's head keeps, at a clean stop, of its generation's rows that are not done: by state. */
const LIST_OF_STATE = { failed: 'failed', 'in-doubt': 'doubt', pending: 'unsent' } as const;

/** Rows not done, by the head's list names; a row in none of them was done. */
export type NotDone = Record<(typeof LIST_OF_STATE)[keyof typeof LIST_OF_STATE], string[]>;

/** The names of the head's lists. */
export const NOT_DONE_LISTS = Object.values(LIST_OF_STATE);

/** Each row's state as a clean stop's lists tell it: not listed, it was done. */
export function statesInLists(lists: NotDone): (id: string) => JournalState {
  const states = new Map<string, JournalState>();
  for (const [state, list] of Object.entries(LIST_OF_STATE))
    for (const id of lists[list]) states.set(id, state as JournalState);
  return (id) => states.get(id) ?? 'done';
}

/** Lists of rows not done, all empty. */
export function noneNotDone(): NotDone {
  return { failed: [], doubt: [], unsent: [] };
}

/** The lists of rows not done: `rows` by their state, and `unsent` (reserved but never marked: not sent). */
export function notDoneLists(rows: Iterable<{ id: string; state: JournalState }>, unsent: Iterable<string>): NotDone {
  const lists = noneNotDone();
  for (const row of rows)
    if (row.state in LIST_OF_STATE) lists[LIST_OF_STATE[row.state as keyof typeof LIST_OF_STATE]].push(row.id);
  lists.unsent.push(...unsent);
  return lists;
}
