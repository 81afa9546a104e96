/**
 * What to offer for the word being completed, read from the tree in TypeScript: the reader the bash, zsh and fish
 * scripts carry in their own language, for a shell that asks inv itself (PowerShell, through `inv completion
 * powershell --complete`).
 */
import type { ValueKind } from '../value-kind.js';
import type { NameKind } from './names.js';
import type { Tree } from './tree.js';

/** What to offer: the kind of value (file names, profile names, cached names of a kind) or the words themselves. */
export type Want = { file: true } | { profile: true } | { names: NameKind } | { words: string[] };

/** The kind of the value an option of `path` takes (its own, then a global one), or undefined for a switch. */
function optionKind(tree: Tree, path: string, flag: string): ValueKind | undefined {
  return tree.values[path]?.[flag] ?? tree.values['']?.[flag];
}

/** A kind as what to offer (free text: nothing). */
function want(kind: ValueKind): Want {
  if ('file' in kind) return { file: true };
  if ('profile' in kind) return { profile: true };
  if ('names' in kind) return { names: kind.names };
  return { words: 'words' in kind ? [...kind.words] : [] };
}

/** Whether `path` is one word that has verbs. */
function isNoun(tree: Tree, path: string): boolean {
  return !path.includes(' ') && path in tree.verbs;
}

/**
 * What to offer for `current` after the words typed before it (`inv` left out), by the rules of the shell scripts:
 * an option's value after the option, options after a dash, commands, verbs, then positional arguments. Words are
 * those that start with `current`.
 */
export function candidates(tree: Tree, before: readonly string[], current: string): Want {
  let path = '';
  let position = 0;
  let pending: ValueKind | undefined;
  for (const word of before) {
    if (pending) {
      pending = undefined;
      continue;
    }
    if (word.startsWith('--') && word.includes('=')) continue;
    if (word.length > 1 && word.startsWith('-')) {
      pending = optionKind(tree, path, word);
      continue;
    }
    if (path === '') path = word;
    else if (isNoun(tree, path)) path = `${path} ${word}`;
    else position += 1;
  }
  let offered: Want;
  if (pending) offered = want(pending);
  else if (current.startsWith('-'))
    offered = { words: [...new Set([...(tree.options[path] ?? []), ...(tree.options[''] ?? [])])] };
  else if (path === '') offered = { words: tree.commands };
  else if (isNoun(tree, path)) offered = { words: tree.verbs[path]! };
  else {
    const args = tree.args[path] ?? [];
    const arg = args[position] ?? (args.at(-1)?.variadic ? args.at(-1) : undefined);
    offered = arg ? want(arg.kind) : { words: [] };
  }
  return 'words' in offered ? { words: offered.words.filter((w) => w.startsWith(current)) } : offered;
}
