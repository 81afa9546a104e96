/** The import graph of src/, read from the sources as text: static, dynamic and type-only imports of each file. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SRC = join(ROOT, 'src');

export interface Imports {
  /** Modules imported for their values at load time (`import … from`, `export … from`, `import '…'`). */
  static: string[];
  /** Modules loaded with `import()`. */
  dynamic: string[];
  /** Modules imported for types only (erased by the build). */
  types: string[];
}

/** Every .ts file under src/, as paths relative to the repository (src/cli/main.ts). */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [relative(ROOT, path)] : [];
  });
}

/** The source file a relative specifier names, or undefined for packages and node: modules. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = resolve(ROOT, dirname(from), specifier).replace(/\.js$/, '.ts');
  return existsSync(path) ? relative(ROOT, path) : undefined;
}

/** A source with comments and string contents blanked where they could hold import-like text. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The imports of one source file (type-only imports are left out: the build erases them). */
export function importsOf(file: string): Imports {
  const text = code(readFileSync(join(ROOT, file), 'utf8'));
  const found: Imports = { static: [], dynamic: [], types: [] };
  const add = (list: string[], specifier: string) => {
    const target = resolveSpecifier(file, specifier);
    if (target && !list.includes(target)) list.push(target);
  };
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/gm)) {
    const [, , typeOnly, names, specifier] = m as unknown as [string, string, string | undefined, string, string];
    const braces = /^\{([\s\S]*)\}$/.exec(names.trim());
    const allTypes =
      braces !== null &&
      braces[1]!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    add(typeOnly || allTypes ? found.types : found.static, specifier);
  }
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) add(found.static, m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
    add(
      /typeof\s+$/.test(text.slice(0, m.index)) || /:\s*$/.test(text.slice(0, m.index)) ? found.types : found.dynamic,
      m[1]!,
    );
  }
  return found;
}

/** The import graph of every file under src/. */
export function importGraph(): Map<string, Imports> {
  return new Map(sourceFiles().map((f) => [f, importsOf(f)]));
}

/** The files reached from `entry` through static imports (what loads when it loads), and with `dynamic` through import() too. */
export function closure(graph: Map<string, Imports>, entry: string, dynamic = false): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = graph.get(file);
    for (const next of [...(imports?.static ?? []), ...(dynamic ? (imports?.dynamic ?? []) : [])]) visit(next);
  };
  visit(entry);
  return seen;
}
