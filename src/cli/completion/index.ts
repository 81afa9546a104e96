/** Shell completion scripts for inv, made from the registered command tree. */
import type { Command } from 'commander';
import { fishScript } from './fish.js';
import { bashScript, zshScript } from './posix.js';
import { commandTree } from './tree.js';

/** The completion script for `shell`, from `program` (a program with every command registered). */
export function completionScript(shell: 'bash' | 'zsh' | 'fish', program: Command): string {
  const tree = commandTree(program);
  return shell === 'bash' ? bashScript(tree) : shell === 'zsh' ? zshScript(tree) : fishScript(tree);
}
