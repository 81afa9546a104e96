/** Rules that keep the batch path (src/batch) readable: one lazy boundary, short functions and lines, one vocabulary of row states. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/imports.js';

const BATCH = join(ROOT, 'src', 'batch');
/** The one file that names the states a row can be in and the journal's codes for them. */
const VOCABULARY = 'src/batch/row-states.ts';

const sources = readdirSync(BATCH, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => {
    const file = relative(ROOT, join(BATCH, name));
    const text = readFileSync(join(ROOT, file), 'utf8');
    return { file, text, tree: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true) };
  });

/** Every node of a source tree, depth first. */
function nodes(tree: ts.SourceFile): ts.Node[] {
  const all: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    all.push(node);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return all;
}

/** `file:line` of a node, for the failure message. */
function where(source: { file: string; tree: ts.SourceFile }, node: ts.Node): string {
  return `${source.file}:${source.tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

describe('the batch path (src/batch)', () => {
  it('has no import(): the command that loads a src/batch module is the one lazy boundary', () => {
    // A lazy import inside a module that is itself loaded lazily saves nothing and hides the call graph.
    const offenders = sources.flatMap((s) =>
      nodes(s.tree)
        .filter((n) => ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword)
        .map((n) => `${where(s, n)} ${n.getText().slice(0, 60)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has no function over 60 lines (nested functions count in the one around them)', () => {
    const offenders = sources.flatMap((s) =>
      nodes(s.tree)
        .filter((n): n is ts.FunctionLikeDeclaration => ts.isFunctionLike(n) && 'body' in n && n.body !== undefined)
        .map((n) => {
          const first = s.tree.getLineAndCharacterOfPosition(n.getStart()).line;
          const last = s.tree.getLineAndCharacterOfPosition(n.getEnd()).line;
          const name =
            n.name?.getText() ?? (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText() : '(anonymous)');
          return { at: `${where(s, n)} ${name}`, lines: last - first + 1 };
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
      nodes(s.tree)
        .filter((n) => ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) && STATES.has(n.literal.text))
        .map((n) => `${where(s, n)} ${n.getText()}`),
    );
    expect(offenders).toEqual([]);
    expect(sources.find((s) => s.file === VOCABULARY)?.text ?? 'missing').toMatch(/^export type RowState\b/m);
  });

  it('are written to the journal and translated back only by row-states.ts (no `s:` record, no code, no count key elsewhere)', () => {
    const offenders = others.flatMap((s) =>
      nodes(s.tree)
        .filter(
          (n) =>
            (ts.isPropertyAssignment(n) && (n.name.getText() === 's' || CODES.has(n.name.getText()))) ||
            (ts.isStringLiteral(n) && (CODES.has(n.text) || n.text === 'inDoubt')),
        )
        .map((n) => `${where(s, n)} ${n.getText().slice(0, 60)}`),
    );
    expect(offenders).toEqual([]);
  });
});
