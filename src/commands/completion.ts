/** inv completion bash|zsh|fish: a shell completion script for inv's commands, subcommands and options. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../cli/command.js';

export interface Tree {
  /** Top-level words. */
  commands: string[];
  /** Subcommands of each noun. */
  verbs: Record<string, string[]>;
  /** Long options of each command path ("" for global ones). */
  options: Record<string, string[]>;
}

/** Every command, subcommand and option of `program` (a program with every command registered). */
export function commandTree(program: Command): Tree {
  const longs = (c: Command) => c.options.map((o) => o.long).filter((l): l is string => Boolean(l));
  const tree: Tree = { commands: program.commands.map((c) => c.name()), verbs: {}, options: { '': longs(program) } };
  for (const command of program.commands) {
    tree.options[command.name()] = longs(command);
    if (command.commands.length > 0) {
      tree.verbs[command.name()] = command.commands.map((c) => c.name());
      for (const verb of command.commands) tree.options[`${command.name()} ${verb.name()}`] = longs(verb);
    }
  }
  return tree;
}

/** The completion script for `shell`. */
export function script(shell: 'bash' | 'zsh' | 'fish', tree: Tree): string {
  const words = (list: string[] | undefined) => (list ?? []).join(' ');
  if (shell === 'fish') {
    const lines = ['# inv completion for fish: inv completion fish | source', 'complete -c inv -f'];
    lines.push(`complete -c inv -n '__fish_use_subcommand' -a '${words(tree.commands)}'`);
    for (const [noun, verbs] of Object.entries(tree.verbs)) lines.push(`complete -c inv -n '__fish_seen_subcommand_from ${noun}' -a '${words(verbs)}'`);
    for (const option of tree.options['']!) lines.push(`complete -c inv -l '${option.slice(2)}'`);
    return lines.join('\n') + '\n';
  }
  const cases = Object.entries(tree.verbs).map(([noun, verbs]) => `      ${noun}) words="${words(verbs)}" ;;`).join('\n');
  const options = Object.entries(tree.options).map(([path, list]) => `      "${path}") opts="${words(list)}" ;;`).join('\n');
  const bash = `# inv completion for bash: source <(inv completion bash)
_inv_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" words="" opts="" i w
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    if [[ -z "$path" ]]; then path="$w"; elif [[ "$path" != *" "* ]]; then path="$path $w"; fi
  done
  case "$path" in
      "") words="${words(tree.commands)}" ;;
${cases}
  esac
  case "$path" in
${options}
  esac
  local candidates="$words"
  if [[ "$cur" == -* ]]; then candidates="$opts ${words(tree.options[''])}"; elif [[ "$path" == *" "* ]]; then candidates=""; fi
  # Filtered here rather than with compgen, so that the same function serves zsh (through bashcompinit).
  COMPREPLY=()
  for w in $candidates; do
    case "$w" in "$cur"*) COMPREPLY+=("$w") ;; esac
  done
}
complete -F _inv_complete inv
`;
  if (shell === 'bash') return bash;
  return `#compdef inv\n# inv completion for zsh: source <(inv completion zsh)\nautoload -U +X bashcompinit && bashcompinit\n${bash}`;
}

export const meta: Meta = { name: 'completion', args: [['<shell>', 'the shell', ['bash', 'zsh', 'fish']]], summary: 'print a shell completion script (bash, zsh or fish)' };

/** Options and action of `inv completion` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .addHelpText('after', '\nExamples:\n  source <(inv completion bash)        # in ~/.bashrc\n  inv completion fish | source         # in ~/.config/fish/config.fish')
    .action(
      run(async (ctx, [shell]) => {
        await ctx.io.out.write(script(shell as 'bash' | 'zsh' | 'fish', commandTree(ctx.session.allCommands())));
      }),
    );
}
