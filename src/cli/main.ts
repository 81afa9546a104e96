/** main(argv, io): runs one inv command and returns its exit code; never exits the process. */
import { CommanderError } from 'commander';
import { ExitCode, InvError, exitCodeOf } from '../errors.js';
import { Session } from './context.js';
import { interruptedExitCode, type IO } from '../util/io.js';
import { buildProgram, fullProgram } from './program.js';
import { terminalSafe } from '../util/sanitize.js';
import { privateDirs } from '../config/paths.js';
import { checkPrivateDir } from '../config/private-dir.js';

/** Runs `inv <argv>` against the given IO and resolves to the exit code. */
export async function main(argv: string[], io: IO): Promise<number> {
  const session = new Session(io, { program: fullProgram });
  try {
    await checkOwnDirs(io);
    const program = await buildProgram(session, argv);
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      await dashValueHint(error, io, argv);
      return commanderExit(error);
    }
    await reportError(error, io, argv.includes('--verbose'), argv);
    const code = exitCodeOf(error);
    return code === ExitCode.interrupted ? interruptedExitCode(io.signal) : code;
  } finally {
    await session.close();
  }
}

/** Refuses the config, state or runtime directory when another user could change it; tightens one of ours (saying so). */
async function checkOwnDirs(io: IO): Promise<void> {
  for (const place of Object.values(privateDirs(io.env))) {
    const note = checkPrivateDir(place);
    if (note) await io.err.write(note + '\n');
  }
}

/** Help and version end 0; every other commander complaint is a usage error (it has printed its message). */
function commanderExit(error: CommanderError): number {
  if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return ExitCode.ok;
  return ExitCode.usage;
}

/** After "unknown option '-x…'": a value that begins with "-" (a pasted secret, say) must follow `--`. */
async function dashValueHint(error: CommanderError, io: IO, argv: readonly string[]): Promise<void> {
  if (error.code !== 'commander.unknownOption') return;
  const at = argv.findIndex((arg) => error.message.includes(`'${arg}'`));
  if (at < 0 || argv[at]!.startsWith('--') || argv[at]!.length <= 2) return;
  const before = argv.slice(0, at).map(shellWord);
  await io.err.write(`hint: a value that begins with "-" goes after --: inv ${[...before, '--', 'VALUE'].join(' ')}\n`);
}

/** `word` as a POSIX shell reads it back: bare when safe, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w.,:/@=+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The value of a --profile given on the command line, if any. */
export function profileFlag(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') break;
    if (argv[i] === '--profile') found = argv[++i];
    else if (argv[i]!.startsWith('--profile=')) found = argv[i]!.slice('--profile='.length);
  }
  return found;
}

/** A hint whose commands work as typed: each `inv …` it names carries the --profile given on the command line. */
export function withProfile(hint: string, profile: string | undefined): string {
  if (!profile) return hint;
  const flag = `--profile ${shellWord(profile)}`;
  return hint.replace(/(^|[\s`(:])inv (?!--profile|profile |sandbox|completion )(?=[a-z])/g, `$1inv ${flag} `);
}

/** Prints "error: …" and the hint on stderr; a stack only with --verbose for unexpected errors. */
export async function reportError(
  error: unknown,
  io: IO,
  verbose: boolean,
  argv: readonly string[] = [],
): Promise<void> {
  if (error instanceof InvError) {
    // Messages can quote a server's answer: no escape sequence of it reaches the terminal.
    await io.err.write(`error: ${terminalSafe(error.message, true)}\n`);
    if (error.hint) await io.err.write(`hint: ${terminalSafe(withProfile(error.hint, profileFlag(argv)), true)}\n`);
    return;
  }
  const e = error as Error;
  await io.err.write(`error: unexpected: ${terminalSafe(e?.message ?? String(error), true)}\n`);
  if (verbose && e?.stack) await io.err.write(e.stack + '\n');
  else await io.err.write('hint: run again with --verbose for details\n');
}
