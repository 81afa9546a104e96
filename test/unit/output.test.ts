import { describe, expect, it } from 'vitest';
import { render } from '../../src/cli/output/render.js';
import { checkFields, project, type Column, type View } from '../../src/cli/output/view.js';
import { fitColumns, formatTable } from '../../src/cli/output/table.js';
import { wrapText } from '../../src/util/format.js';
import { readGlobals, type GlobalOptions } from '../../src/cli/globals.js';
import { testIO } from '../helpers/io.js';

type Rec = { id: string; n: string; nested: { a: number; b: string | null } };
const VIEW: View<Rec> = {
  kind: 'list',
  fields: ['id', 'n', 'nested'],
  columns: [
    { key: 'id', header: 'id' },
    { key: 'nested.a', header: 'a', align: 'right' },
  ],
};
const RECORDS: Rec[] = [
  { id: 'x', n: '007', nested: { a: 1, b: 'one, "quoted"' } },
  { id: 'y', n: '10', nested: { a: 22, b: null } },
];

async function rendered(globals: Partial<GlobalOptions>, tty = false) {
  const t = testIO({ tty });
  const g = { ...readGlobals({ timeout: '30' }, t.io), ...globals };
  const n = await render(VIEW, RECORDS, { io: t.io, globals: g });
  return { n, out: t.stdout(), err: t.stderr() };
}

describe('render', () => {
  it('prints one JSON array in a pipe, numeric strings kept as strings', async () => {
    const { out, n } = await rendered({});
    expect(n).toBe(2);
    expect(JSON.parse(out)).toEqual(RECORDS);
    expect(out).toContain('"n":"007"');
  });

  it('prints one record per line as ndjson', async () => {
    const { out } = await rendered({ output: 'ndjson' });
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(RECORDS);
  });

  it('streams records from an async source', async () => {
    const t = testIO();
    async function* source() {
      yield RECORDS[0]!;
      yield RECORDS[1]!;
    }
    await render(VIEW, source(), { io: t.io, globals: { ...readGlobals({ timeout: '30' }, t.io), output: 'ndjson' } });
    expect(t.stdout().trim().split('\n')).toHaveLength(2);
  });

  it('lays out a table with headers and right-aligned numbers on a terminal', async () => {
    const { out } = await rendered({}, true);
    expect(out.split('\n')).toEqual(['ID   A', 'x    1', 'y   22', '']);
  });

  it('writes csv with quoting and tsv, using --fields as columns', async () => {
    const csv = await rendered({ output: 'csv', fields: ['id', 'nested.b'] });
    expect(csv.out).toBe('id,nested.b\nx,"one, ""quoted"""\ny,\n');
    const tsv = await rendered({ output: 'tsv' });
    expect(tsv.out).toBe('id\tnested.a\nx\t1\ny\t22\n');
  });

  it('projects --fields, nested paths rebuilt', async () => {
    const { out } = await rendered({ fields: ['id', 'nested.a'] });
    expect(JSON.parse(out)).toEqual([
      { id: 'x', nested: { a: 1 } },
      { id: 'y', nested: { a: 22 } },
    ]);
    expect(project({ a: 1 }, ['b'])).toEqual({ b: null });
  });

  it('says "no results" on stderr for an empty table', async () => {
    const t = testIO({ tty: true });
    await render(VIEW, [], { io: t.io, globals: readGlobals({ timeout: '30' }, t.io) });
    expect(t.stdout()).toBe('');
    expect(t.stderr()).toContain('no results');
  });
});

describe('checkFields', () => {
  it('rejects unknown fields, naming them and the available ones', () => {
    expect(() => checkFields(['id', 'nope.x'], VIEW.fields)).toThrow(
      'unknown field "nope.x"; available fields: id, n, nested',
    );
    expect(() => checkFields(['nested.anything'], VIEW.fields)).not.toThrow();
  });
});

describe('readGlobals', () => {
  it('defaults to a table on a terminal and JSON in a pipe; --json wins', () => {
    expect(readGlobals({ timeout: '30' }, testIO({ tty: true }).io).output).toBe('table');
    expect(readGlobals({ timeout: '30' }, testIO().io).output).toBe('json');
    expect(readGlobals({ timeout: '30', json: true, output: 'csv' }, testIO({ tty: true }).io).output).toBe('json');
  });

  it('reads -o wide as a table with every column (not with --json)', () => {
    expect(readGlobals({ timeout: '30', output: 'wide' }, testIO().io)).toMatchObject({ output: 'table', wide: true });
    expect(readGlobals({ timeout: '30', output: 'wide', json: true }, testIO().io)).toMatchObject({
      output: 'json',
      wide: false,
    });
  });

  it('rejects a bad --timeout', () => {
    expect(() => readGlobals({ timeout: 'x' }, testIO().io)).toThrow(/--timeout/);
  });
});

describe('a table with columns that wrap and columns that may go', () => {
  const COLUMNS: Column[] = [
    { key: 'id', header: 'id', priority: 2 },
    { key: 'title', header: 'title', wrap: 10 },
    { key: 'n', header: 'n', align: 'right', priority: 1 },
    { key: 'why', header: 'why', wrap: 8 },
  ];
  const ROWS = [
    { id: 'B00X4WHP5E', title: 'A rather long title of a product', n: 12345, why: 'profit 1.00 < minProfit 3.00' },
  ];

  it('keeps every column at full width when they fit', () => {
    expect(fitColumns(COLUMNS, ROWS, 200)).toEqual({ columns: COLUMNS, widths: [10, 32, 5, 28] });
  });

  it('drops columns lowest priority first, then wraps the title (taking what is left first) and the reasons', () => {
    const { columns, widths } = fitColumns(COLUMNS, ROWS, 36);
    expect(columns.map((c) => c.key)).toEqual(['id', 'title', 'why']);
    expect(widths).toEqual([10, 14, 8]);
    const text = formatTable(COLUMNS, ROWS, false, 36);
    expect(text.split('\n').every((l) => l.length <= 36)).toBe(true);
    expect(text).not.toContain('…');
    expect(text.split('\n')[1]).toMatch(/^B00X4WHP5E  A rather long +profit$/);
  });

  it('-o wide renders the wide columns, never cut', async () => {
    const t = testIO({ tty: true, env: { COLUMNS: '20' } });
    const g = { ...readGlobals({ timeout: '30', output: 'wide' }, t.io) };
    const view: View<Rec> = { ...VIEW, wideColumns: [...VIEW.columns, { key: 'nested.b', header: 'b' }] };
    await render(view, RECORDS, { io: t.io, globals: g });
    expect(t.stdout().split('\n')[0]).toMatch(/^ID +A +B$/);
    expect(t.stdout()).toContain('one, "quoted"');
  });
});

describe('wrapText', () => {
  it('breaks between words, and splits a word longer than the width', () => {
    expect(wrapText('profit -27.42 < minProfit 3.00', 14)).toBe('profit -27.42\n< minProfit\n3.00');
    expect(wrapText('B00X4WHP5EB00X4WHP5E', 8)).toBe('B00X4WHP\n5EB00X4W\nHP5E');
  });
});
