/** Rules of the source tree that the compiler does not check: the build's start-path rule, layering, no cycles. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closure, importGraph, ROOT, sourceFiles } from '../helpers/imports.js';

const graph = importGraph();

describe('the start path (scripts/build.mjs)', () => {
  it('has no module that is imported statically on it and also import()ed', () => {
    // Such an import() is lazy in name only (the module is loaded already), and it hides the call graph from a reader.
    // The start build is src/cli/start.ts and all it reaches (the entry, src/cli/entry.ts, is built apart).
    const start = closure(graph, 'src/cli/start.ts');
    const build = closure(graph, 'src/cli/start.ts', true);
    const offenders = [...graph]
      .filter(([file]) => build.has(file))
      .flatMap(([file, imports]) =>
        imports.dynamic.filter((target) => start.has(target)).map((target) => `${file} import()s ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('is read correctly: the start path holds main and the command list; each command module and the sandbox load lazily', () => {
    const start = closure(graph, 'src/cli/start.ts');
    expect(start.has('src/cli/main.ts')).toBe(true);
    expect(start.has('src/cli/command-list.ts')).toBe(true);
    expect([...start].filter((f) => f.startsWith('src/commands/'))).toEqual([]);
    expect(closure(graph, 'src/cli/start.ts', true).has('src/commands/fees.ts')).toBe(true);
    expect([...start].some((f) => f.startsWith('src/sandbox/'))).toBe(false);
  });
});

/** The import cycles of the graph (each as the files around it), found by depth-first search. */
function cycles(edges: (file: string) => string[]): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges(file)) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports in src/', () => {
  it('form no cycle, type-only imports included', () => {
    const found = cycles((file) => {
      const imports = graph.get(file);
      return [...(imports?.static ?? []), ...(imports?.dynamic ?? []), ...(imports?.types ?? [])];
    });
    expect(found.map((c) => c.join(' → '))).toEqual([]);
  });
});

/** Folders of src/ and the folders each may not import (types included): the layers, bottom up. */
const FORBIDDEN: Record<string, string[]> = {
  'src/http/': ['src/api/', 'src/auth/', 'src/config/', 'src/batch/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/api/': ['src/auth/', 'src/config/', 'src/batch/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/auth/': ['src/api/', 'src/batch/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/config/': ['src/api/', 'src/auth/', 'src/batch/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  // The one CSV reader stands on its own: every reader of CSV imports it, it imports none of them.
  'src/csv/': [
    'src/http/',
    'src/api/',
    'src/auth/',
    'src/config/',
    'src/batch/',
    'src/labels/',
    'src/scout/',
    'src/pack/',
    'src/floor/',
    'src/count/',
    'src/cli/',
    'src/commands/',
    'src/sandbox/',
  ],
  'src/batch/': ['src/auth/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/labels/': ['src/auth/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/scout/': ['src/auth/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/pack/': ['src/auth/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/floor/': ['src/auth/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/count/': ['src/auth/', 'src/cli/', 'src/commands/', 'src/sandbox/'],
  'src/cli/': ['src/commands/', 'src/sandbox/'],
  'src/sandbox/': ['src/http/', 'src/auth/', 'src/config/', 'src/batch/', 'src/cli/', 'src/commands/'],
};

/** Imports across a layer that are meant: "importer → imported prefix". */
const ALLOWED = [
  // The one list of top-level commands.
  'src/cli/command-list.ts → src/commands/',
  // The key-signing function is pure and shared by the client and the sandbox's check of it.
  'src/sandbox/research/auth.ts → src/auth/research-key.ts',
];

describe('layers', () => {
  it.each(Object.entries(FORBIDDEN))('%s imports none of %j', (folder, forbidden) => {
    const allowed = (file: string, target: string) =>
      ALLOWED.some((a) => a.split(' → ')[0] === file && target.startsWith(a.split(' → ')[1]!));
    const offenders = [...graph]
      .filter(([file]) => file.startsWith(folder))
      .flatMap(([file, i]) =>
        [...i.static, ...i.dynamic, ...i.types]
          .filter((t) => forbidden.some((f) => t.startsWith(f)) && !allowed(file, t))
          .map((t) => `${file} → ${t}`),
      );
    expect(offenders).toEqual([]);
  });

  it('nothing imports the sandbox but `inv sandbox`, and that lazily', () => {
    const importers = [...graph]
      .filter(([file]) => !file.startsWith('src/sandbox/'))
      .flatMap(([file, i]) => [
        ...i.static.map((t) => [file, t, 'static']),
        ...i.dynamic.map((t) => [file, t, 'dynamic']),
      ])
      .filter(([, target]) => target!.startsWith('src/sandbox/'))
      .map(([file, , how]) => `${file} (${how})`);
    expect(importers).toEqual(['src/commands/sandbox.ts (dynamic)']);
  });
});

describe('source files', () => {
  const sources = [...graph.keys()].map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

  it("have names that say what they hold: no two share a base name, but commands (a verb each) and index.ts (a folder's entry)", () => {
    const command = (s: { file: string; text: string }) =>
      s.file.startsWith('src/commands/') && /^export const meta\b/m.test(s.text);
    const byName = new Map<string, string[]>();
    for (const s of sources.filter((s) => !command(s) && !s.file.endsWith('/index.ts'))) {
      const name = s.file.slice(s.file.lastIndexOf('/') + 1);
      byName.set(name, [...(byName.get(name) ?? []), s.file]);
    }
    expect([...byName.values()].filter((files) => files.length > 1).map((files) => files.join(' '))).toEqual([]);
  });

  it('are each under 250 lines', () => {
    expect(sources.filter((s) => s.text.split('\n').length >= 250).map((s) => s.file)).toEqual([]);
  });

  // The formatter wraps code at 120 but never breaks a string: this holds the strings too.
  it('have no line over 140 characters', () => {
    const long = sources.flatMap((s) =>
      s.text.split('\n').flatMap((line, i) => (line.length > 140 ? [`${s.file}:${i + 1} (${line.length})`] : [])),
    );
    expect(long).toEqual([]);
  });

  it('write a file whole in one place: no rename of a temporary file but util/atomic-write.ts (and the lock file)', () => {
    const own = ['src/util/atomic-write.ts', 'src/util/file-lock.ts'];
    const renames = sources
      .filter((s) => !own.includes(s.file))
      .flatMap((s) => s.text.split('\n').map((line, i) => [`${s.file}:${i + 1}`, line] as const))
      .filter(([, line]) => /\brename(Sync)?\(/.test(line));
    expect(renames.map(([where, line]) => `${where} ${line.trim()}`)).toEqual([]);
  });

  it('never send the reader outside the repository (the design notes and API documents are not in it)', () => {
    const outside = /DESIGN\.md|spec\/|(inventory|research)-api\.md|\bthe spec\b|\bspec's\b/i;
    const offenders = sources
      .flatMap((s) => s.text.split('\n').map((line, i) => [`${s.file}:${i + 1}`, line] as const))
      .filter(([, line]) => outside.test(line));
    expect(offenders.map(([where, line]) => `${where} ${line.trim()}`)).toEqual([]);
  });
});

describe('exported names', () => {
  it('each mean one thing: no two files of src/ export the same name (but a command module’s meta, setup, parse, run)', () => {
    const owners = new Map<string, string[]>();
    for (const file of sourceFiles()) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(
        /^export (?:async )?(?:function\*?|const|let|class|interface|type|enum) ([A-Za-z_$][\w$]*)/gm,
      )) {
        if (file.startsWith('src/commands/') && ['meta', 'setup', 'parse', 'run'].includes(m[1]!)) continue;
        owners.set(m[1]!, [...(owners.get(m[1]!) ?? []), file]);
      }
    }
    const twice = [...owners]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
