// Figures of the house, for a closing note or a review: source files and lines, lines over 140 characters,
// files over 250 lines, and the longest functions (TypeScript's parser). Usage: node scripts/house-figures.mjs [dir]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = process.argv[2] ?? process.cwd();

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  return '(anonymous)';
}

/** Every function of one file with its length in lines. */
function functionsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: nameOf(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(join(root, 'src')).map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));
const lines = files.map((f) => ({ file: f.path, lines: f.text.split('\n') }));
const functions = files.flatMap((f) => functionsOf(f.path, f.text)).sort((a, b) => b.lines - a.lines);
const report = {
  files: files.length,
  lines: lines.reduce((n, f) => n + f.lines.length, 0),
  linesOver140: lines.reduce((n, f) => n + f.lines.filter((l) => l.length > 140).length, 0),
  filesOver250Lines: lines.filter((f) => f.lines.length >= 250).map((f) => `${f.file} (${f.lines.length})`),
  functionsOver60Lines: functions.filter((f) => f.lines > 60).length,
  longestFunctions: functions.slice(0, 15).map((f) => `${f.lines} ${f.file} ${f.name}`),
};
process.stdout.write(JSON.stringify(report, null, 2) + '\n');
