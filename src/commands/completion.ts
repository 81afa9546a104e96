/** inv completion bash|zsh|fish: a shell completion script for inv's commands, subcommands, options and their values. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../cli/command.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

export const meta: Meta = {
  name: 'completion',
  args: [['<shell>', 'the shell', SHELLS]],
  summary: 'print a shell completion script (bash, zsh or fish)',
};

/** Options and action of `inv completion` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .addHelpText(
      'after',
      '\nExamples:\n  source <(inv completion bash)        # in ~/.bashrc\n  source <(inv completion zsh)         # in ~/.zshrc, after compinit\n  inv completion fish | source         # in ~/.config/fish/config.fish',
    )
    .action(
      run(async (ctx, [shell]) => {
        const { completionScript } = await import('../cli/completion/index.js');
        await ctx.io.out.write(completionScript(shell as (typeof SHELLS)[number], await ctx.session.allCommands()));
      }),
    );
}
