/**
 * The help of every command, as commander prints it into a pipe (80 columns). Written by the build
 * into dist/help.json, so that `inv <command> --help` answers without loading commander.
 */
import type { Command } from 'commander';
import { Session } from './context.js';
import { buildProgram, fullProgram } from './program.js';
import { helpKey } from './help-request.js';

/** Every command's help text, keyed by its path. */
export async function allHelpTexts(): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  let captured = '';
  const out = { write: (text: string) => void (captured += text) };
  const session = new Session({
    out,
    err: out,
    stdin: process.stdin,
    stdinIsTTY: false,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    env: {},
    signal: new AbortController().signal,
  });
  const width = (command: Command) =>
    command.configureOutput({ ...command.configureOutput(), getOutHelpWidth: () => 80, getErrHelpWidth: () => 80 });
  // The root help as `inv --help` prints it: every command a placeholder.
  const root = width(await buildProgram(session, []));
  root.outputHelp();
  const rootText = captured;
  const program = width(await fullProgram(session));
  // outputHelp() (not helpInformation()) so that the examples added with addHelpText are included.
  const walk = (command: Command, path: string[]) => {
    captured = '';
    command.outputHelp();
    texts[helpKey(path)] = captured;
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  texts[helpKey([])] = rootText;
  return texts;
}
