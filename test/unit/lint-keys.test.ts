/** npm run lint skips a file only when nothing its lint result depends on changed: its imports, transitively, and the shared inputs. */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types
import { importsOf, lintKeys, SHARED_INPUT, UNFOLLOWED_IMPORTS } from '../../scripts/lint-keys.mjs';

const FILES: Record<string, string> = {
  'src/money.ts': 'export const cents = (n: number) => Math.round(n * 100);',
  'src/fees.ts': "import { cents } from './money.js';\nexport async function fee() { return cents(1); }",
  'src/commands/fees.ts': "export async function run() { const { fee } = await import('../fees.js'); return fee(); }",
  'test/fees.test.ts': "import { run } from '../src/commands/fees.js';\nrun();",
  'src/other.ts': 'export const other = 1;',
  'scripts/tool.cjs': "const { other } = require('../src/other.ts');",
  'src/types/ambient.d.ts': 'declare const VERSION: string;',
};
const SHARED = { 'eslint.config.js': 'export default [];', 'tsconfig.json': '{}' };

/** The keys of FILES with `changes` applied. */
function keys(changes: Record<string, string> = {}, shared: Record<string, string> = {}): Map<string, string> {
  return lintKeys(new Map(Object.entries({ ...FILES, ...changes })), new Map(Object.entries({ ...SHARED, ...shared })));
}

/** The files whose key differs between two runs. */
function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((file) => a.get(file) !== b.get(file)).sort();
}

describe('lint keys', () => {
  it('a change reaches the file and everything that imports it, through import(), however far; nothing else', () => {
    const after = keys({ 'src/money.ts': 'export const cents = async (n: number) => Math.round(n * 100);' });
    expect(changed(keys(), after)).toEqual([
      'src/commands/fees.ts',
      'src/fees.ts',
      'src/money.ts',
      'test/fees.test.ts',
    ]);
  });

  it('require() is an import too', () => {
    expect(changed(keys(), keys({ 'src/other.ts': 'export const other = 2;' }))).toEqual([
      'scripts/tool.cjs',
      'src/other.ts',
    ]);
  });

  it('a declaration file, a global declaration or a shared input changes every key', () => {
    const every = Object.keys(FILES).sort();
    expect(changed(keys(), keys({ 'src/types/ambient.d.ts': 'declare const VERSION: number;' }))).toEqual(every);
    expect(changed(keys(), keys({ 'src/other.ts': 'declare global { var x: 1 }\nexport {};' }))).toEqual(every);
    expect(changed(keys(), keys({}, { 'tsconfig.json': '{"strict":true}' }))).toEqual(every);
  });

  it('follows a dynamic import written with backticks, a triple-slash reference and an imported JSON file', () => {
    const files = {
      'src/dep.ts': 'export function go() {}',
      'src/tpl.ts': 'export async function f() { const { go } = await import(`./dep.js`); go(); }',
      'src/ref.ts': '/// <reference path="./dep.ts" />\nexport {};',
      'src/flags.json': '{"mode":1}',
      'src/json.ts': "import flags from './flags.json' with { type: 'json' };\nexport const m = flags.mode;",
    };
    const run = (changes: Record<string, string>) =>
      lintKeys(new Map(Object.entries({ ...files, ...changes })), new Map(Object.entries(SHARED)));
    const before = run({});
    expect(changed(before, run({ 'src/dep.ts': 'export async function go() {}' }))).toEqual([
      'src/dep.ts',
      'src/ref.ts',
      'src/tpl.ts',
    ]);
    expect(changed(before, run({ 'src/flags.json': '{"mode":"x"}' }))).toEqual(['src/flags.json', 'src/json.ts']);
  });

  it('a .d.mts or .d.cts declaration file changes every key', () => {
    const every = [...Object.keys(FILES), 'scripts/tool.d.mts'].sort();
    const withTypes = (text: string) => keys({ 'scripts/tool.d.mts': text });
    expect(
      changed(withTypes('export function tool(): void;'), withTypes('export function tool(): Promise<void>;')),
    ).toEqual(every);
  });

  it('shared inputs are the TypeScript and ESLint configs and package files wherever they are', () => {
    const shared = ['tsconfig.json', 'src/cli/output/tsconfig.json', 'tsconfig.build.json', 'eslint.config.js'];
    for (const file of [...shared, 'package.json', 'bin/package.json', 'package-lock.json'])
      expect(SHARED_INPUT.test(file), file).toBe(true);
    for (const file of ['src/flags.json', 'src/cli/config.ts', 'test/fixtures/tsconfig-like.txt'])
      expect(SHARED_INPUT.test(file), file).toBe(false);
  });

  it('imports it cannot follow (path aliases, package self-references) make every key depend on every file', () => {
    expect(UNFOLLOWED_IMPORTS.test('{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }')).toBe(true);
    expect(UNFOLLOWED_IMPORTS.test('{ "name": "inv-cli", "exports": "./dist/cli.js" }')).toBe(true);
    const every = (changes: Record<string, string>) =>
      lintKeys(new Map(Object.entries({ ...FILES, ...changes })), new Map(Object.entries(SHARED)), { everyFile: true });
    expect(changed(every({}), every({ 'src/other.ts': 'export const other = 2;' }))).toEqual(Object.keys(FILES).sort());
  });

  it('the same inputs give the same keys', () => {
    expect(changed(keys(), keys())).toEqual([]);
  });

  it('resolves ./x.js to x.ts, a folder to its index.ts, and ignores packages and unknown files', () => {
    const known = new Set(['src/a.ts', 'src/b/index.ts', 'src/c.json']);
    const text =
      "import './a.js';\nexport * from './b';\nimport data from './c.json';\nimport 'zod';\nimport './gone.js';";
    expect(importsOf('src/main.ts', text, known).sort()).toEqual(['src/a.ts', 'src/b/index.ts', 'src/c.json']);
  });
});
