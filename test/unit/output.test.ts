import { describe, expect, it } from 'vitest';
import { render } from '../../src/cli/output/render.js';
import { checkFields, project, type View } from '../../src/cli/output/view.js';
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

  it('rejects a bad --timeout', () => {
    expect(() => readGlobals({ timeout: 'x' }, testIO().io)).toThrow(/--timeout/);
  });
});
