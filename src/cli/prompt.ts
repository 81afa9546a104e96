/** Questions on a terminal (inquirer, imported lazily); everywhere else, exit 7 naming the flag that answers. */
import { InputNeededError, InterruptedError, UsageError } from '../errors.js';
import { isCI, type GlobalOptions } from './globals.js';
import type { IO } from '../util/io.js';

/** Whether this session may ask questions: both ends a terminal, not CI, not --non-interactive. */
export function canPrompt(io: IO, globals: GlobalOptions): boolean {
  return io.stdinIsTTY && io.stdoutIsTTY && Boolean(io.errStream) && !globals.nonInteractive && !isCI(io.env);
}

export interface Question {
  /** What is missing, e.g. "a selling price". */
  what: string;
  /** The flag that would have answered it, e.g. "--price". */
  flag: string;
  message: string;
  /** Returns an error message, or undefined when the answer is acceptable. */
  validate?: (answer: string) => string | undefined;
  /** Hide what is typed (secrets). */
  mask?: boolean;
  /** The answer Enter gives. */
  default?: string;
}

/** Asks one question on the terminal, or throws InputNeededError when the session cannot prompt. */
export async function ask(io: IO, globals: GlobalOptions, question: Question): Promise<string> {
  if (!canPrompt(io, globals)) throw new InputNeededError(question.what, question.flag);
  const prompts = await import('@inquirer/prompts');
  const context = { input: io.stdin, output: io.errStream!, signal: io.signal, clearPromptOnDone: false };
  const validate = (answer: string) => question.validate?.(answer) ?? true;
  try {
    return question.mask
      ? await prompts.password({ message: question.message, mask: '*', validate }, context)
      : await prompts.input({ message: question.message, validate, default: question.default }, context);
  } catch (error) {
    throw promptFailure(error);
  }
}

/** Asks to pick one of `choices` (a select list), or throws InputNeededError. */
export async function choose(
  io: IO,
  globals: GlobalOptions,
  question: Omit<Question, 'validate' | 'mask'> & { choices: readonly string[] },
): Promise<string> {
  if (!canPrompt(io, globals)) throw new InputNeededError(question.what, question.flag);
  const prompts = await import('@inquirer/prompts');
  const context = { input: io.stdin, output: io.errStream!, signal: io.signal, clearPromptOnDone: false };
  try {
    return await prompts.select(
      { message: question.message, choices: question.choices.map((value) => ({ value, name: value })) },
      context,
    );
  } catch (error) {
    throw promptFailure(error);
  }
}

/**
 * Asks for confirmation of a destructive step unless --yes was given; without a terminal the
 * answer must come from --yes (exit 7 otherwise). Resolves to whether to go ahead.
 */
export async function confirm(io: IO, globals: GlobalOptions, message: string): Promise<boolean> {
  if (globals.yes) return true;
  if (!canPrompt(io, globals)) throw new InputNeededError('confirmation', '--yes');
  const prompts = await import('@inquirer/prompts');
  const context = { input: io.stdin, output: io.errStream!, signal: io.signal, clearPromptOnDone: false };
  try {
    return await prompts.confirm({ message, default: false }, context);
  } catch (error) {
    throw promptFailure(error);
  }
}

/** Maps inquirer's cancellation errors to InterruptedError. */
export function promptFailure(error: unknown): unknown {
  const name = (error as Error)?.name;
  if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError')
    return new InterruptedError();
  return error;
}

/** Turns a validator that throws UsageError into one that returns its message (for prompts). */
export function asPromptValidator(parse: (answer: string) => unknown): (answer: string) => string | undefined {
  return (answer) => {
    try {
      parse(answer);
      return undefined;
    } catch (error) {
      if (error instanceof UsageError) return error.message;
      throw error;
    }
  };
}
