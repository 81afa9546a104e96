/** What a command hands the renderer: its records, the fields they have, and a default table layout. */
import { UsageError } from '../../errors.js';

export interface Column {
  /** Dotted path into a table row. */
  key: string;
  header: string;
  /** Formats the raw value for a table; csv/tsv and json keep raw values. */
  format?: (value: unknown) => string;
  align?: 'left' | 'right';
  /** On a narrow terminal, columns with a priority are dropped, lowest first, to make room for the wrapped ones. */
  priority?: number;
  /** Wrapped over several lines rather than cut or dropped, never narrower than this many columns while others can go. */
  wrap?: number;
}

export interface View<R> {
  /** Top-level fields of a record, for checking --fields before any request. */
  fields: readonly string[];
  /** Default table/csv columns, over the rows made by `rows`. */
  columns: readonly Column[];
  /** `-o wide`: the columns of a table with every figure, never cut to the terminal (default: `columns`). */
  wideColumns?: readonly Column[];
  /** Flattens one record into table rows (default: the record itself). */
  rows?: (record: R) => Record<string, unknown>[];
  /** "single": json prints one object; "list": json prints one array. */
  kind: 'single' | 'list';
}

/** Reads a dotted path of a value. */
export function pick(value: unknown, path: string): unknown {
  let node = value;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Throws a UsageError naming any --fields entry whose first segment is not a field of the view. */
export function checkFields(requested: readonly string[] | undefined, known: readonly string[]): void {
  if (!requested) return;
  if (known.length === 0)
    throw new UsageError(
      '--fields does not apply to this command: its JSON is one object keyed by id (use jq to pick from it)',
    );
  const unknown = requested.filter((f) => !known.includes(f.split('.')[0]!));
  if (unknown.length > 0) {
    const list = unknown.map((f) => `"${f}"`).join(', ');
    throw new UsageError(`--fields: unknown field ${list}; available fields: ${known.join(', ')}`);
  }
}

/** Keeps only the requested dotted paths of a record, rebuilt as nested objects. */
export function project(record: unknown, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const parts = field.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = pick(record, field) ?? null;
  }
  return out;
}
