/** inv completion bash|zsh|fish: a shell completion script for inv's commands, subcommands, options and their values. */
import type { Command } from 'commander';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

export const meta: Meta = {
  name: 'completion',
  args: [['<shell>', 'the shell', SHELLS]],
  summary: 'print a shell completion script (bash, zsh or fish)',
};

/** Help of `inv completion`. */
export function setup(command: Command): void {
  command.addHelpText(
    'after',
    [
      '\nExamples:',
      '  source <(inv completion bash)        # in ~/.bashrc',
      '  source <(inv completion zsh)         # in ~/.zshrc, after compinit',
      '  inv completion fish | source         # in ~/.config/fish/config.fish',
    ].join('\n'),
  );
}

/** The shell (commander holds it to the choices in `meta`). */
export function parse([shell]: unknown[]): Shell {
  return shell as Shell;
}

/** Prints the completion script of every command for the shell. */
export async function run(ctx: Ctx, shell: Shell): Promise<void> {
  const { completionScript } = await import('../cli/completion/index.js');
  await ctx.io.out.write(completionScript(shell, await ctx.allCommands()));
}
