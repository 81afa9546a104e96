/** The tree as the lookup tables the completion scripts carry, in a form each shell writes its own way. */
import type { Tree, ValueKind } from './tree.js';

/** One row of a lookup: a key (`PATH|OPTION` or `PATH|POSITION`, where PATH may be a pattern) and what is offered there. */
export interface Row {
  /** The command path, or undefined for every path (global options). */
  path?: string;
  /** The option, or the position of an argument. */
  key: string;
  /** For an argument: it and every position after it. */
  rest?: boolean;
  /** f: file names, p: profile names, c: the cached names of the kind in words, n: nothing, w: the words. */
  code: 'f' | 'p' | 'c' | 'n' | 'w';
  words: string[];
}

/** The one-letter code of a kind and its words. */
function code(kind: ValueKind): Pick<Row, 'code' | 'words'> {
  if ('file' in kind) return { code: 'f', words: [] };
  if ('profile' in kind) return { code: 'p', words: [] };
  if ('names' in kind) return { code: 'c', words: [kind.names] };
  if ('words' in kind) return { code: 'w', words: [...kind.words] };
  return { code: 'n', words: [] };
}

/** Options that take a value, command paths' own first, then the global ones (they apply everywhere). */
export function valueRows(tree: Tree): Row[] {
  const rows: Row[] = [];
  for (const [path, values] of Object.entries(tree.values)) {
    if (path === '') continue;
    for (const [option, kind] of Object.entries(values)) rows.push({ path, key: option, ...code(kind) });
  }
  for (const [option, kind] of Object.entries(tree.values[''] ?? {})) rows.push({ key: option, ...code(kind) });
  return rows;
}

/** Positional arguments of the command paths where at least one has something to offer. */
export function argRows(tree: Tree): Row[] {
  return Object.entries(tree.args)
    .filter(([, args]) => args.some((a) => !('any' in a.kind)))
    .flatMap(([path, args]) => args.map((a, i) => ({ path, key: String(i), rest: a.variadic, ...code(a.kind) })));
}

/** A word as a single-quoted shell string (the words are names, choices and options: no quote among them). */
export function quoted(word: string): string {
  if (!/^[\w.,:@%+=/|* -]*$/.test(word))
    throw new Error(`completion: "${word}" cannot be written into a completion script`);
  return `'${word}'`;
}

/** The words as one single-quoted, space-separated string. */
export function wordList(words: readonly string[]): string {
  return quoted(words.join(' '));
}
