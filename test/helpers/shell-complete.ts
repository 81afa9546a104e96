/**
 * Shell completion through each shell's own machinery: bash's completion function driven by the COMP_*
 * variables, zsh's completion widget typed into a pseudo-terminal (test/helpers/zsh-complete.zsh), fish's
 * `complete -C`. One shell process answers every line of a test file: a shell's start (zsh's compinit
 * takes seconds on a loaded machine) is paid once, and each line is still completed by the shell itself.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

const ZSH_DRIVER = fileURLToPath(new URL('./zsh-complete.zsh', import.meta.url));
const END = '<<<END>>>';

/** The shell's command and arguments that complete each of `lines` in turn, printing END after each. */
function command(shell: Shell, lines: string[]): string[] {
  if (shell === 'zsh') return ['zsh', '-f', ZSH_DRIVER, ...lines];
  if (shell === 'fish') {
    const each = lines.map((line) => `complete -C '${line}'; echo '${END}'`);
    return ['fish', '-c', ['inv completion fish | source', ...each].join('\n')];
  }
  const each = lines.map((line) => {
    // Words as bash splits the line: a space after a backslash is part of the word.
    const words = line.split(/(?<!\\) /);
    const quoted = words.map((w) => `'${w}'`).join(' ');
    return [
      `COMPREPLY=(); COMP_LINE='${line}'; COMP_POINT=${line.length}; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}`,
      `_inv_complete inv '${words.at(-1)}' '${words.at(-2)}'; printf '%s\\n' "\${COMPREPLY[@]}"; echo '${END}'`,
    ].join('\n');
  });
  return ['bash', '-c', ['source <(inv completion bash)', ...each].join('\n')];
}

/** What the shell printed for one line: the offered words (directories without their trailing slash), sorted. */
function words(printed: string): string[] {
  // bash offers names with spaces escaped for the command line ("Shelf\ A1"), as it inserts them; fish adds descriptions after a tab.
  const offered = printed
    .split('\n')
    .map((l) => l.split('\t')[0]!.replace(/\/$/, '').replaceAll('\\ ', ' '))
    .filter(Boolean);
  return [...new Set(offered)].sort();
}

/**
 * Completes each of `lines` (no single quote in them) in one `shell` process, with `inv` found on the PATH
 * of `env`; resolves to what the shell offered after each line.
 */
export function completeLines(
  shell: Shell,
  lines: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Promise<Map<string, string[]>> {
  const [cmd, ...args] = command(shell, lines);
  const child = spawn(cmd!, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const chunks = stdout.split(`${END}\n`).slice(0, -1);
      if (code !== 0 || chunks.length !== lines.length) {
        const got = `${chunks.length} answers for ${lines.length} lines`;
        reject(new Error(`${shell} (${code ?? signal}, ${got}): ${stderr}\n${stdout}`));
        return;
      }
      resolve(new Map(lines.map((line, i) => [line, words(chunks[i]!)])));
    });
  });
}
