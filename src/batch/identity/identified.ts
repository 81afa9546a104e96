/** The rows of an input as the engine sees them: each identified by what it does and its occurrence among identical rows. */
import { hash } from 'node:crypto';
import type { BatchKind, Identified, InputRow } from '../batch-types.js';
import { canonicalJson } from '../../util/canonical-json.js';
import { KeyCounts } from './key-counts.js';

/**
 * A row's id in the journal: a hash of its normalised action and its occurrence among identical rows, the JSON of
 * `[...key, occurrence]` (`keyJson` is the key's JSON: the occurrence is written into it, not the key stringified again).
 */
function rowId(keyJson: string, occurrence: number): string {
  const json = keyJson === '[]' ? `[${occurrence}]` : `${keyJson.slice(0, -1)},${occurrence}]`;
  // One call, no Hash object per row: a million rows leave no million native objects for the collector.
  return hash('sha256', json, 'hex').slice(0, 16);
}

/** A row of an input: its line, and the row parsed and identified (with its id), or why it is not valid. */
export interface IdentifiedRow<Row, What extends Record<string, unknown> = Record<string, unknown>> {
  line: number;
  row?: Row;
  problem?: string;
  id?: string;
  ident?: Identified<What>;
}

/**
 * Walks the input once, identifying each row, in input order; `ids: false` leaves rows without their ids (a dry run of
 * a batch with no journal needs none).
 */
export async function* identified<Row, What extends Record<string, unknown>>(
  kind: BatchKind<Row, What>,
  rows: AsyncIterable<InputRow>,
  options: { ids?: boolean; rows?: number } = {},
): AsyncGenerator<IdentifiedRow<Row, What>> {
  // Each key's count by a 64-bit hash of it: a million distinct rows cost 24 MB, not a million strings.
  const seen = new KeyCounts(options.rows);
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
    if (options.ids === false) {
      yield { line: input.line, row: parsed.row, ident };
      continue;
    }
    const keyJson = canonicalJson(ident.key);
    const occurrence = seen.countHex(hash('sha256', keyJson, 'hex'));
    yield { line: input.line, row: parsed.row, id: rowId(keyJson, occurrence), ident };
  }
}
