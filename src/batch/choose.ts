/**
 * Which batch an input belongs to, by what its rows do: the unfinished batch whose applied rows it
 * holds (a continuation), an earlier batch whose applied rows it repeats (refused unless --again), or
 * a new batch.
 */
import { BatchRefusedError } from '../errors.js';
import { appliedCount, overlap, type BatchEntry } from './catalogue.js';
import type { IdSet } from './id-set.js';
import { byCodeUnits } from '../util/compare.js';

export interface Choice {
  /** The earlier batch this run continues; undefined for a new batch. */
  batch?: BatchEntry;
  /** True when the input was matched to the batch by its rows, not by its name. */
  byContent: boolean;
}

export interface ChooseRequest {
  /** --batch NAME, when given. */
  name?: string;
  /** The name a new batch gets by default (the file's path, or a hash of stdin). */
  defaultName: string;
  /** --again: the rows are meant to be applied again, as a new batch. */
  again: boolean;
}

const newest = (a: BatchEntry, b: BatchEntry) => byCodeUnits(String(b.lastRun), String(a.lastRun));

/** What a refused repeat tells a person and a script about the batch it repeats. */
function repeatOf(entry: BatchEntry, rows: number) {
  return {
    batch: entry.name,
    id: entry.id,
    at: entry.lastRun,
    profile: entry.profile,
    applied: rows,
    finished: entry.finished,
  };
}

/** Refuses an input that repeats `rows` applied rows of `entry` (a finished batch run again, or another batch's rows). */
export function refuseRepeat(entry: BatchEntry, rows: number): never {
  const total = appliedCount(entry);
  const state = entry.finished ? 'finished' : 'not finished';
  const about = `${state}, last run ${entry.lastRun ?? 'unknown'} from profile "${entry.profile}", ${total} row(s) applied in all`;
  const show = `inv batch show "${entry.name}"`;
  throw new BatchRefusedError(
    `this input repeats ${rows} applied row(s) of batch "${entry.name}" (${about}); nothing was sent`,
    entry.finished
      ? 'those moves were made already; to make them again on purpose, add --again'
      : `to continue that batch give it all of its applied rows (see \`${show}\`); to make these moves again on purpose, add --again`,
    { outcome: 'repeat', repeats: repeatOf(entry, rows) },
  );
}

/** Chooses the batch of an input whose row ids are `input`, among the account's earlier batches. */
export function chooseBatch(entries: BatchEntry[], input: IdSet, request: ChooseRequest): Choice {
  if (request.again)
    return {
      batch: request.name ? entries.filter((e) => e.name === request.name).sort(newest)[0] : undefined,
      byContent: false,
    };
  const shared = new Map(entries.map((e) => [e, overlap(e, input)]));
  // A repeat shares at least half of the smaller side: the same moves made again on another day by a file
  // that also holds other rows are not one.
  const byOverlap = [...shared]
    .filter(([e, n]) => n > 0 && n * 2 >= Math.min(input.size, appliedCount(e)))
    .sort((a, b) => b[1] - a[1]);
  let chosen: BatchEntry | undefined;
  let byContent = false;
  if (request.name !== undefined) chosen = entries.filter((e) => e.name === request.name).sort(newest)[0];
  else {
    const holds = (e: BatchEntry) => !e.finished && appliedCount(e) > 0 && shared.get(e) === appliedCount(e);
    const sameName = (e: BatchEntry) => e.name === request.defaultName;
    const contained = entries.filter(holds).sort((a, b) => Number(sameName(b)) - Number(sameName(a)) || newest(a, b));
    chosen = contained[0];
    byContent = chosen !== undefined && !sameName(chosen);
    // A batch of the same name (the same file, or the same bytes on stdin) that this input partly repeats, or that
    // applied nothing, is that batch grown or edited: the engine sends its new rows, or names the applied rows it lost.
    chosen ??= entries.filter((e) => sameName(e) && (shared.get(e)! > 0 || appliedCount(e) === 0)).sort(newest)[0];
    const [top] = byOverlap;
    if (!chosen && top && !top[0].finished) chosen = top[0];
  }
  const repeated = byOverlap.find(([e]) => e !== chosen);
  if (repeated) refuseRepeat(repeated[0], repeated[1]);
  return { batch: chosen, byContent };
}
