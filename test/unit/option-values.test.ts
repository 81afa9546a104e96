/**
 * Every command's options, walked from the registered program: completion offers no value that the command
 * refuses, a file option completes file names, and the options with a closed set of values offer them.
 */
import { CommanderError, type Command, type Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandTree, type ValueKind } from '../../src/cli/completion/tree.js';
import { everyCommand, type Entry } from '../helpers/command-tree.js';
import { parseArgv } from '../helpers/parse-argv.js';

/** Positional arguments that get past a command's own checks of them, so that an option's check is reached. */
function placeholders(command: Command): string[] {
  return command.registeredArguments
    .filter((a) => a.required)
    .map((a) => a.argChoices?.[0] ?? (/quantity|count/i.test(a.name()) ? '1' : a.name() === 'change' ? '+1' : 'X'));
}

/** Whether the command refuses `word` as the value of `flag`: its parse (or a check it leaves to its run) quotes it in an error. */
function refuses(entry: Entry, flag: string, word: string): string | undefined {
  try {
    const parsed = parseArgv(entry.module, [...placeholders(entry.command), flag, word]) as unknown;
    // A check parse leaves for run, made once a global option is known (pack's outputs of -o zpl).
    if (parsed && typeof parsed === 'object')
      for (const value of Object.values(parsed)) if (typeof value === 'function') value.call(parsed, false);
  } catch (error) {
    const message = error instanceof CommanderError || error instanceof Error ? error.message : String(error);
    if (message.includes(`"${word}"`) || message.includes(`'${word}'`)) return message;
  }
  return undefined;
}

const { root, entries } = await everyCommand();
const tree = commandTree(root);

/** The value's name in an option's flags (`--file <contents.csv>` → contents.csv). */
function valueName(option: Option): string | undefined {
  return /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1];
}

describe('every option of every command', () => {
  it('completion offers no value the command refuses', () => {
    const refused: string[] = [];
    for (const entry of entries)
      for (const [flag, kind] of Object.entries(tree.values[entry.path] ?? {})) {
        if (!flag.startsWith('--') || !('words' in kind)) continue;
        for (const word of kind.words) {
          const message = refuses(entry, flag, word);
          if (message) refused.push(`inv ${entry.path} ${flag} ${word}: ${message}`);
        }
      }
    expect(refused).toEqual([]);
  });

  it('an option that takes a file completes file names', () => {
    const missing: string[] = [];
    for (const entry of entries)
      for (const option of entry.command.options) {
        const name = valueName(option);
        if (!name || !option.long) continue;
        const takesFile = option.long === '--file' || /^file\b|\.[a-z]+$/i.test(name);
        if (takesFile && !('file' in (tree.values[entry.path]?.[option.long] ?? {})))
          missing.push(`inv ${entry.path} ${option.long}`);
      }
    expect(missing).toEqual([]);
  });

  it('an option that takes a location or a profile completes their names', () => {
    const missing: string[] = [];
    const kinds: Record<string, ValueKind> = { location: { names: 'locations' }, profile: { profile: true } };
    for (const entry of [{ path: '', command: root }, ...entries])
      for (const option of entry.command.options) {
        const want = kinds[valueName(option) ?? ''];
        if (want && option.long && JSON.stringify(tree.values[entry.path]?.[option.long]) !== JSON.stringify(want))
          missing.push(`inv ${entry.path} ${option.long}`.replace('  ', ' '));
      }
    expect(missing).toEqual([]);
  });

  it.each([
    ['batch show', '--state', ['done', 'failed', 'in-doubt', 'pending']],
    ['items import', '--encoding', ['latin1', 'utf-8', 'windows-1252']],
    ['move', '--encoding', ['latin1', 'utf-8', 'windows-1252']],
    ['pack', '--units', ['imperial', 'metric']],
    ['pack', '--layout', ['4x6', 'letter-2up']],
  ])('inv %s %s offers its values', (path, flag, words) => {
    const kind: ValueKind | undefined = tree.values[path]?.[flag];
    expect(kind && 'words' in kind ? [...kind.words].sort() : kind).toEqual(words);
  });
});
