/** inv completion bash|zsh|fish|powershell: a shell completion script for inv's commands, subcommands, options and their values. */
import { Option, type Command } from 'commander';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';

const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
type Shell = (typeof SHELLS)[number];

export const meta: Meta = {
  name: 'completion',
  args: [['<shell>', 'the shell', SHELLS]],
  summary: 'print a shell completion script (bash, zsh, fish or PowerShell)',
};

/** The script to print, or (PowerShell's completer asking) the words typed, the one being completed last. */
export interface CompletionOptions {
  shell: Shell;
  complete: string[] | undefined;
}

/** Help of `inv completion`. */
export function setup(command: Command): void {
  command
    .addOption(new Option('--complete <words>', 'the words typed (PowerShell completer)').hideHelp())
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  source <(inv completion bash)        # in ~/.bashrc',
        '  source <(inv completion zsh)         # in ~/.zshrc, after compinit',
        '  inv completion fish | source         # in ~/.config/fish/config.fish',
        '  inv completion powershell | Out-String | Invoke-Expression   # in $PROFILE',
      ].join('\n'),
    );
}

/** The shell (commander holds it to the choices in `meta`) and the words to complete, if asked. */
export function parse([shell]: unknown[], flags: { complete?: string }): CompletionOptions {
  return { shell: shell as Shell, complete: flags.complete?.split('\u001f') };
}

/** Prints the completion script of every command for the shell, or what to offer for the words typed. */
export async function run(ctx: Ctx, { shell, complete }: CompletionOptions): Promise<void> {
  const { completionScript, offered } = await import('../cli/completion/index.js');
  const program = await ctx.allCommands();
  if (!complete) return void (await ctx.io.out.write(completionScript(shell, program)));
  const lines = await offered(program, complete, ctx.io.env, async () => (await ctx.config()).profileNames());
  await ctx.io.out.write(lines.map((l) => `${l}\n`).join(''));
}
