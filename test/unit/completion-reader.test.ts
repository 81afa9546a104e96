/**
 * The tree's reader in TypeScript, which PowerShell's completer asks (`inv completion powershell --complete`): what
 * it offers after the words typed, from the same tree the bash, zsh and fish scripts carry.
 */
import { describe, expect, it } from 'vitest';
import { candidates } from '../../src/cli/completion/reader.js';
import { powershellScript } from '../../src/cli/completion/powershell.js';
import { commandTree } from '../../src/cli/completion/tree.js';
import { OUTPUT_FORMATS } from '../../src/cli/globals.js';
import { everyCommand } from '../helpers/command-tree.js';

const tree = commandTree((await everyCommand()).root);

describe('what completion offers after the words typed', () => {
  it.each([
    [[], 'it', { words: ['items', 'item', 'item-lookup', 'item-search'] }],
    [['items'], 'l', { words: ['list'] }],
    [['completion'], '', { words: ['bash', 'zsh', 'fish', 'powershell'] }],
    [['--profile', 'sandbox', 'items', 'list'], '--li', { words: ['--limit'] }],
    [[], '--pro', { words: ['--profile'] }],
    [['pack', 'FBA1', '--layout'], '', { words: ['4x6', 'letter-2up'] }],
    [['pack', 'FBA1', '--units'], 'm', { words: ['metric'] }],
    [['batch', 'show', 'x', '--state'], 'in', { words: ['in-doubt'] }],
    [['-o', 'json', 'stock', 'list', '-o'], 't', { words: ['table', 'tsv'] }],
    [['labels', '-o'], 'z', { words: ['zpl'] }],
    [['pack', 'FBA1', '--file'], 'c', { file: true }],
    [['scout', '--file'], '', { file: true }],
    [['items', 'import'], '', { file: true }],
    [['--profile'], '', { profile: true }],
    [['move', 'X', '1', '--from', 'Shelf A1', '--to'], 'Re', { names: 'locations' }],
    [['move'], 'MUG', { names: 'mskus' }],
    [['batch', 'show'], '', { names: 'batches' }],
    [['items', 'create', '--title'], '', { words: [] }],
  ])('after %j, for "%s": %j', (before, current, offered) => {
    expect(candidates(tree, before, current)).toEqual(offered);
  });

  it('offers -o zpl only where it applies', () => {
    expect(candidates(tree, ['stock', 'list', '-o'], '')).toEqual({ words: [...OUTPUT_FORMATS] });
  });
});

describe('inv completion powershell', () => {
  it('registers a native completer for inv that asks inv --complete with the words typed', () => {
    const script = powershellScript();
    expect(script).toMatch(/^Register-ArgumentCompleter -Native -CommandName inv, inv\.exe/m);
    expect(script).toContain('completion powershell "--complete=$joined"');
  });
});
