/**
 * File order where it matters: a row that takes stock from a position waits for the earlier rows that fill
 * it, and the reverse; rows that only take from (or only fill) one position may overlap, as may rows that
 * share none. Why this rule: docs/decisions.md, "Batch rows that touch a common stock position".
 */
import type { BatchKind, Position, Role } from '../batch-types.js';
import type { IdentifiedRow } from '../identity/identified.js';

/** A row's place in line: `ready` (absent when it may go at once) resolves once its predecessors finished; `done()` when it has. */
export interface Turn {
  ready?: Promise<void>;
  done(): void;
}

/** Consecutive rows of one role at one position: they may overlap, and go once the group before them finished. */
interface Group {
  role: Role;
  /** Rows of the group not finished yet. */
  open: number;
  /** Resolves when the group before finished (absent: nothing to wait for). */
  after?: Promise<void>;
  /** Wakes those waiting for this group to finish (made only when someone waits). */
  finish?: { promise: Promise<void>; resolve(): void };
}

/** The key of a position in the gate and the dry run's simulation. */
export function positionKey(p: Pick<Position, 'msku' | 'at'>): string {
  return `${p.msku}\0${p.at ?? ''}`;
}

const overlap = (a: Role, b: Role) => a === b && a !== 'write';

/** Lets rows through in file order where they touch a common position; holds only positions of rows not finished. */
export class PositionGate {
  private readonly last = new Map<string, Group>();

  /** Positions held now (each dropped when its last row finishes). */
  get size(): number {
    return this.last.size;
  }

  /** Puts a row in line; call in file order. */
  enter(positions: Position[]): Turn {
    const groups: Array<[string, Group]> = [];
    let waits: Array<Promise<void>> | undefined;
    for (const [key, role] of rolesByKey(positions)) {
      const tail = this.last.get(key);
      let group: Group;
      if (tail && overlap(tail.role, role)) group = tail;
      else {
        group = { role, open: 0, after: tail ? finished(tail) : undefined };
        this.last.set(key, group);
      }
      group.open++;
      groups.push([key, group]);
      if (group.after) (waits ??= []).push(group.after);
    }
    const done = () => {
      for (const [key, group] of groups) {
        if (--group.open > 0) continue;
        group.finish?.resolve();
        if (this.last.get(key) === group) this.last.delete(key);
      }
    };
    if (!waits) return { done };
    const ready = waits.length === 1 ? waits[0]! : Promise.all(waits).then(() => undefined);
    // A row that finishes early (it stopped before its turn) still releases its successors only after its turn.
    return { ready, done: () => void ready.then(done) };
  }
}

/** The positions of a row by key; a key the row both takes from and fills counts as written. */
function rolesByKey(positions: Position[]): Map<string, Role> {
  const roles = new Map<string, Role>();
  for (const p of positions) {
    const key = positionKey(p);
    const seen = roles.get(key);
    roles.set(key, seen && seen !== p.role ? 'write' : p.role);
  }
  return roles;
}

/** A promise that resolves when every row of `group` has finished. */
function finished(group: Group): Promise<void> {
  if (group.open === 0) return Promise.resolve();
  if (!group.finish) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    group.finish = { promise, resolve };
  }
  return group.finish.promise;
}

/**
 * Wraps a pool's `work` so that each row that is sent (it has `sends`) waits for its turn before `work` runs,
 * and so before its "sent" mark is written; rows that are not sent run at once.
 */
export function inFileOrder<
  Row,
  What extends Record<string, unknown>,
  T extends IdentifiedRow<Row, What> & { sends?: string },
>(kind: Pick<BatchKind<Row, What>, 'positions'>, work: (item: T) => Promise<unknown>): (item: T) => Promise<unknown> {
  const gate = new PositionGate();
  return async (item) => {
    if (!item.sends) return work(item);
    // Entered before the first await: the pool calls work in file order.
    const turn = gate.enter(kind.positions(item.row!, item.ident!));
    try {
      if (turn.ready) await turn.ready;
      return await work(item);
    } finally {
      turn.done();
    }
  };
}
