/** Renders a command's records as table, json, ndjson, csv or tsv; json and ndjson stream as records arrive. */
import type { GlobalOptions } from '../globals.js';
import { terminalWidth, type IO } from '../../util/io.js';
import { plain } from '../../util/format.js';
import { spreadsheetSafe, visibleControls } from '../../util/sanitize.js';
import { ChunkedWriter } from './chunked.js';
import { pick, project, type Column, type View } from './view.js';

export interface RenderTarget {
  io: IO;
  globals: GlobalOptions;
}

type Records<R> = Iterable<R> | AsyncIterable<R>;

/** A value as JSON text: indented on a terminal, one line in a pipe. */
export function jsonText(value: unknown, io: IO): string {
  return JSON.stringify(value, null, io.stdoutIsTTY ? 2 : undefined);
}

/** Writes the records to stdout in the chosen format; returns how many records there were. */
export async function render<R>(view: View<R>, records: Records<R>, target: RenderTarget): Promise<number> {
  const { globals, io } = target;
  const fields = globals.fields;
  const shape = (record: R): unknown => (fields ? project(record, fields) : record);
  switch (globals.output) {
    case 'json':
      return view.kind === 'single'
        ? writeSingle(records, shape, io)
        : chunked(io, (out) => writeArray(records, shape, io, out));
    case 'ndjson':
      return chunked(io, async (out) => {
        let n = 0;
        for await (const record of records) {
          await out.write(JSON.stringify(shape(record)) + '\n');
          n++;
        }
        return n;
      });
    case 'csv':
    case 'tsv':
      return chunked(io, (out) => writeDelimited(view, records, globals, io, out));
    case 'table':
      return writeTable(view, records, target);
  }
}

/** Runs `write` with a chunked stdout, and writes what it gathered even if the records fail part way. */
async function chunked(io: IO, write: (out: ChunkedWriter) => Promise<number>): Promise<number> {
  const out = new ChunkedWriter(io.out);
  try {
    return await write(out);
  } finally {
    await out.end();
  }
}

async function writeSingle<R>(records: Records<R>, shape: (r: R) => unknown, io: IO) {
  for await (const record of records) {
    await io.out.write(jsonText(shape(record), io) + '\n');
    return 1;
  }
  return 0;
}

async function writeArray<R>(records: Records<R>, shape: (r: R) => unknown, io: IO, out: ChunkedWriter) {
  let n = 0;
  for await (const record of records) {
    const text = jsonText(shape(record), io);
    await out.write((n === 0 ? '[\n' : ',\n') + (io.stdoutIsTTY ? text.replace(/^/gm, '  ') : text));
    n++;
  }
  await out.write(n === 0 ? '[]\n' : '\n]\n');
  return n;
}

/** The columns and row-maker in force: --fields over the records themselves, else the view's layout (`-o wide`'s). */
function layout<R>(view: View<R>, fields: readonly string[] | undefined, wide = false) {
  if (fields) {
    const columns: Column[] = fields.map((key) => ({ key, header: key }));
    return { columns, rows: (record: R) => [record as Record<string, unknown>] };
  }
  const columns = wide ? (view.wideColumns ?? view.columns) : view.columns;
  return { columns: [...columns], rows: view.rows ?? ((record: R) => [record as Record<string, unknown>]) };
}

async function writeDelimited<R>(
  view: View<R>,
  records: Records<R>,
  globals: GlobalOptions,
  io: IO,
  out: ChunkedWriter,
) {
  const { stringify } = await import('csv-stringify/sync');
  const delimiter = globals.output === 'tsv' ? '\t' : ',';
  const { columns, rows } = layout(view, globals.fields);
  // On a terminal server text must not drive it (as in tables); in a pipe it stays as it is, formulas neutralised.
  const cell = (text: string) => {
    const safe = globals.rawCsv ? text : spreadsheetSafe(text);
    return io.stdoutIsTTY ? visibleControls(safe) : safe;
  };
  await out.write(stringify([columns.map((c) => cell(c.key))], { delimiter }));
  let n = 0;
  for await (const record of records) {
    const lines = rows(record).map((row) => columns.map((c) => cell(plain(pick(row, c.key)))));
    await out.write(stringify(lines, { delimiter }));
    n++;
  }
  return n;
}

async function writeTable<R>(view: View<R>, records: Records<R>, target: RenderTarget) {
  const { io, globals } = target;
  const { columns, rows } = layout(view, globals.fields, globals.wide);
  const body: Record<string, unknown>[] = [];
  let n = 0;
  for await (const record of records) {
    body.push(...rows(record));
    n++;
  }
  if (body.length === 0) {
    if (!globals.quiet) await io.err.write('no results\n');
    return n;
  }
  const { formatTable } = await import('./table.js');
  const width = globals.wide ? undefined : terminalWidth(io);
  await io.out.write(formatTable(columns, body, globals.color, width) + '\n');
  return n;
}
