/** Shell completion scripts for inv, made from the registered command tree. */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { candidates } from './reader.js';
import { fishScript } from './fish.js';
import { namesFile } from './names.js';
import { bashScript, zshScript } from './posix.js';
import { powershellScript } from './powershell.js';
import { commandTree } from './tree.js';

/** The completion script for `shell`, from `program` (a program with every command registered). */
export function completionScript(shell: 'bash' | 'zsh' | 'fish' | 'powershell', program: Command): string {
  if (shell === 'powershell') return powershellScript();
  const tree = commandTree(program);
  return shell === 'bash' ? bashScript(tree) : shell === 'zsh' ? zshScript(tree) : fishScript(tree);
}

/**
 * What PowerShell's completer offers after `words` (the last one being completed): `f` alone for file names, or `w`
 * and the words, one a line (cached names and profile names read here).
 */
export async function offered(
  program: Command,
  words: readonly string[],
  env: Record<string, string | undefined>,
  profiles: () => Promise<string[]>,
): Promise<string[]> {
  const current = words.at(-1) ?? '';
  const want = candidates(commandTree(program), words.slice(0, -1), current);
  if ('file' in want) return ['f'];
  let listed: string[];
  if ('words' in want) listed = want.words;
  else if ('profile' in want) listed = await profiles();
  else {
    try {
      listed = readFileSync(namesFile(env, want.names), 'utf8').split('\n');
    } catch {
      listed = []; // no cache yet
    }
  }
  return ['w', ...listed.filter((w) => w !== '' && w.startsWith(current))];
}
