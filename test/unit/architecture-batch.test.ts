/** Rules that keep the batch path (src/batch) readable: one lazy boundary, short functions and lines, one vocabulary of row states. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
// oxc's parser: a native parse of src/batch in milliseconds, where loading TypeScript's
// compiler into a test worker costs a second of CPU.
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/imports.js';

const BATCH = join(ROOT, 'src', 'batch');
/** The one file that names the states a row can be in and the journal's codes for them. */
const VOCABULARY = 'src/batch/journal/row-states.ts';

/** A node of oxc's syntax tree (ESTree, with TypeScript's nodes): its type, its place, and its fields. */
interface Node {
  type: string;
  start: number;
  end: number;
  [field: string]: unknown;
}

/** A node and the node holding it. */
interface Visited {
  node: Node;
  parent: Node | undefined;
}

interface Source {
  file: string;
  text: string;
  /** Every node of the file's tree, depth first, with its parent. */
  nodes: Visited[];
  /** The offset at which each line starts. */
  lines: number[];
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node under `root`, depth first. */
function walk(root: Node): Visited[] {
  const all: Visited[] = [];
  const visit = (node: Node, parent: Node | undefined) => {
    all.push({ node, parent });
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child, node);
    }
  };
  visit(root, undefined);
  return all;
}

const sources: Source[] = readdirSync(BATCH, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => {
    const file = relative(ROOT, join(BATCH, name));
    const text = readFileSync(join(ROOT, file), 'utf8');
    const parsed = parseSync(file, text);
    if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]!.message}`);
    const lines = [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];
    return { file, text, nodes: walk(parsed.program as unknown as Node), lines };
  });

/** The 0-based line of an offset. */
function lineOf(source: Source, offset: number): number {
  let line = 0;
  while (line + 1 < source.lines.length && source.lines[line + 1]! <= offset) line++;
  return line;
}

/** `file:line` of a node, for the failure message. */
const where = (source: Source, node: Node) => `${source.file}:${lineOf(source, node.start) + 1}`;

/** The source text of a node. */
const textOf = (source: Source, node: Node) => source.text.slice(node.start, node.end);

/** A class or object-literal method, getter or setter (not `key: () => …`). */
const isMethod = (node: Node) =>
  node.type === 'MethodDefinition' || (node.type === 'Property' && (node.method === true || node.kind !== 'init'));

/** A function's name as the report gives it: its own, its method's key, or the variable it is assigned to. */
function functionName(source: Source, fn: Node, parent: Node | undefined, method: Node | undefined): string {
  if (isNode(fn.id)) return identifier(fn.id) ?? textOf(source, fn.id);
  if (method) {
    if (method.kind === 'constructor' || !isNode(method.key)) return '(anonymous)';
    return method.computed ? `[${textOf(source, method.key)}]` : textOf(source, method.key);
  }
  return (parent?.type === 'VariableDeclarator' ? identifier(parent.id) : undefined) ?? '(anonymous)';
}

/** The object patterns a file assigns to (`({ a: x } = y)`, `for ({ a: x } of y)`), nested ones included. */
function assignedPatterns(source: Source): Set<Node> {
  const found = new Set<Node>();
  const collect = (pattern: unknown): void => {
    if (!isNode(pattern)) return;
    if (pattern.type === 'ObjectPattern') {
      found.add(pattern);
      for (const property of pattern.properties as Node[]) {
        collect(property.type === 'Property' ? property.value : property.argument);
      }
    } else if (pattern.type === 'ArrayPattern') (pattern.elements as unknown[]).forEach(collect);
    else if (pattern.type === 'AssignmentPattern') collect(pattern.left);
    else if (pattern.type === 'RestElement') collect(pattern.argument);
  };
  const assigning = new Set(['AssignmentExpression', 'ForOfStatement', 'ForInStatement']);
  for (const { node } of source.nodes) if (assigning.has(node.type)) collect(node.left);
  return found;
}

/** The text of a string literal ('…' or "…", not a template), else undefined. */
const stringValue = (node: unknown) =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

/** The name a key or binding is written with, when it is a plain identifier. */
const identifier = (node: unknown) => (isNode(node) && node.type === 'Identifier' ? (node.name as string) : undefined);

describe('the batch path (src/batch)', () => {
  it('has no import(): the command that loads a src/batch module is the one lazy boundary', () => {
    // A lazy import inside a module that is itself loaded lazily saves nothing and hides the call graph.
    const offenders = sources.flatMap((s) =>
      s.nodes
        .filter(({ node }) => node.type === 'ImportExpression')
        .map(({ node }) => `${where(s, node)} ${textOf(s, node).slice(0, 60)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has no function over 60 lines (nested functions count in the one around them)', () => {
    const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
    const offenders = sources.flatMap((s) =>
      s.nodes
        .filter(({ node }) => FUNCTIONS.has(node.type) && node.body !== null)
        .map(({ node, parent }) => {
          // A method (get and set too) starts at its name and modifiers; oxc's function node starts at its parameters.
          const owner = parent?.value === node && isMethod(parent) ? parent : undefined;
          const first = lineOf(s, (owner ?? node).start);
          const last = lineOf(s, node.end);
          return { at: `${where(s, owner ?? node)} ${functionName(s, node, parent, owner)}`, lines: last - first + 1 };
        })
        .filter((f) => f.lines > 60)
        .map((f) => `${f.at}: ${f.lines} lines`),
    );
    expect(offenders).toEqual([]);
  });
});

describe("a row's states", () => {
  // The words of the vocabulary: a type that spells them out, or a journal code, anywhere but in row-states.ts
  // is a second vocabulary (and a place to translate between the two).
  const STATES = new Set([
    'done',
    'failed',
    'in-doubt',
    'pending',
    'dropped',
    'skipped',
    'would-succeed',
    'would-fail',
  ]);
  const CODES = new Set(['sent', 'doubt', 'unsent']);
  const others = sources.filter((s) => s.file !== VOCABULARY);

  it('are named in one type, in row-states.ts', () => {
    const offenders = others.flatMap((s) =>
      s.nodes
        .filter(({ node }) => node.type === 'TSLiteralType' && STATES.has(stringValue(node.literal) ?? ''))
        .map(({ node }) => `${where(s, node)} ${textOf(s, node)}`),
    );
    expect(offenders).toEqual([]);
    expect(sources.find((s) => s.file === VOCABULARY)?.text ?? 'missing').toMatch(/^export type RowState\b/m);
  });

  it('are written to the journal and translated back only by row-states.ts (no `s:` record, no code, no count key elsewhere)', () => {
    const offenders = others.flatMap((s) => {
      const patterns = assignedPatterns(s);
      return s.nodes
        .filter(({ node, parent }) => {
          // `key: value` in an object literal (not a method, not shorthand) with a plain name as its key; a destructuring
          // assignment's pattern counts as one: it is written the same way, and TypeScript parses it as one.
          const literal = parent?.type === 'ObjectExpression' || (parent !== undefined && patterns.has(parent));
          const assigned =
            literal && node.type === 'Property' && node.kind === 'init' && !node.method && !node.shorthand;
          const key = assigned && !node.computed ? identifier(node.key) : undefined;
          const text = stringValue(node);
          return key === 's' || CODES.has(key ?? '') || CODES.has(text ?? '') || text === 'inDoubt';
        })
        .map(({ node }) => `${where(s, node)} ${textOf(s, node).slice(0, 60)}`);
    });
    expect(offenders).toEqual([]);
  });
});
