/** The rows of an input as the engine sees them: each identified by what it does and its occurrence among identical rows. */
import { createHash } from 'node:crypto';
import type { BatchKind, Identified } from './batch-types.js';
import type { InputRow } from './batch-input.js';

/** A row's id in the journal: a hash of its normalised action and its occurrence among identical rows. */
function rowId(key: unknown[], occurrence: number): string {
  return createHash('sha256')
    .update(JSON.stringify([...key, occurrence]))
    .digest('hex')
    .slice(0, 16);
}

export interface IdentifiedRow<Row> {
  line: number;
  row?: Row;
  problem?: string;
  id?: string;
  ident?: Identified;
}

/** Walks the input once, identifying each row, in input order. */
export async function* identified<Row>(
  kind: BatchKind<Row>,
  rows: AsyncIterable<InputRow>,
): AsyncGenerator<IdentifiedRow<Row>> {
  const seen = new Map<string, number>();
  for await (const input of rows) {
    if (input.error || !input.record) {
      yield { line: input.line, problem: input.error ?? 'unreadable' };
      continue;
    }
    const parsed = kind.parse(input.line, input.record);
    if ('problem' in parsed) {
      yield { line: input.line, problem: parsed.problem };
      continue;
    }
    const ident = await kind.identify(parsed.row);
    const base = JSON.stringify(ident.key);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    yield { line: input.line, row: parsed.row, id: rowId(ident.key, occurrence), ident };
  }
}
