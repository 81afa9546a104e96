/** Running a move batch: rows checked, journaled as sent, moved once each, their outcome journaled. */
import { ApiError, AuthError, InDoubtError, InvError } from '../errors.js';
import type { InventoryClient } from '../api/inventory.js';
import type { ItemLocation } from '../api/inventory-types.js';
import type { LocationNames } from '../api/location-names.js';
import type { InputRow } from './input.js';
import type { Earlier, Journal } from './journal.js';
import { parseMoveRow } from './move-rows.js';
import { runPool } from './pool.js';

export type MoveStatus = 'done' | 'failed' | 'invalid' | 'in-doubt' | 'skipped';

export interface MoveResult {
  line: number;
  msku: string | null;
  status: MoveStatus;
  error?: string;
  itemLocation?: ItemLocation;
}

export interface MoveBatchOptions {
  rows: AsyncIterable<InputRow>;
  client: InventoryClient;
  names: LocationNames;
  journal: Journal;
  /** What earlier runs of the same input left. */
  earlier: Map<number, Earlier>;
  retryInDoubt: boolean;
  concurrency: number;
  signal?: AbortSignal;
  onResult(result: MoveResult): void | Promise<void>;
}

/** 500 and 504 may come after the change was made; other errors mean it was not. */
function mayHaveApplied(error: unknown): boolean {
  return error instanceof InDoubtError || (error instanceof ApiError && (error.status === 500 || error.status === 504));
}

/** Runs the batch; resolves when every row started is done (early when the signal aborts). */
export function runMoves(options: MoveBatchOptions): Promise<{ stopped: boolean }> {
  const { client, names, journal } = options;
  const work = async (input: InputRow) => {
    const msku = typeof input.record?.msku === 'string' ? input.record.msku : null;
    const report = (status: MoveStatus, error?: string, itemLocation?: ItemLocation) => options.onResult({ line: input.line, msku, status, error, itemLocation });
    const earlier = options.earlier.get(input.line);
    if (earlier === 'done') return report('skipped', 'done in an earlier run');
    if (earlier === 'in-doubt' && !options.retryInDoubt) {
      return report('in-doubt', 'sent in an earlier run without an answer: check it, then rerun with --retry-in-doubt if it was not applied');
    }
    if (input.error || !input.record) return report('invalid', input.error);
    const parsed = parseMoveRow(input.line, input.record);
    if ('problem' in parsed) {
      await journal.mark(input.line, 'invalid', { e: parsed.problem });
      return report('invalid', parsed.problem);
    }
    const { row } = parsed;
    let move;
    try {
      const toRef = names.id(row.to, 'to');
      const to = Number(typeof toRef === 'string' ? toRef : await toRef);
      const fromRef = row.fromPurchaseId ? undefined : names.id(row.from!, 'from');
      const source = row.fromPurchaseId ? { fromPurchaseId: Number(row.fromPurchaseId) } : { fromLocationId: Number(typeof fromRef === 'string' ? fromRef : await fromRef) };
      move = { msku: row.msku, quantity: row.quantity, ...source, toLocationId: to };
    } catch (error) {
      if (!(error instanceof InvError)) throw error;
      await journal.mark(input.line, 'failed', { e: error.message });
      return report('failed', error.message);
    }
    await journal.mark(input.line, 'sent');
    try {
      const itemLocation = await client.moveItem(move);
      void journal.mark(input.line, 'done');
      return report('done', undefined, itemLocation);
    } catch (error) {
      const message = (error as Error).message;
      if (mayHaveApplied(error)) {
        await journal.mark(input.line, 'doubt', { e: message });
        return report('in-doubt', message);
      }
      if (!(error instanceof InvError)) throw error; // unknown: the row stays "sent", so in doubt next time
      await journal.mark(input.line, 'failed', { e: message });
      if (error instanceof AuthError || error.exitCode === 130) throw error;
      return report('failed', message);
    }
  };
  return runPool(options.rows, work, { concurrency: options.concurrency, signal: options.signal });
}
