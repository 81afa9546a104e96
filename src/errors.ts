/** Typed errors of inv, each mapped to one exit code (the table in docs/ARCHITECTURE.md) and carrying a hint of what to do next. */

export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rateLimited: 5,
  batchIncomplete: 6,
  inputNeeded: 7,
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Base class: a message for the user, an exit code, and an optional hint. */
export class InvError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.failure;
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad flags, arguments or field values, caught before any request is sent. */
export class UsageError extends InvError {
  override readonly exitCode = ExitCode.usage;
}

/** Input was required but the session cannot prompt. */
export class InputNeededError extends InvError {
  override readonly exitCode = ExitCode.inputNeeded;
  constructor(what: string, flag: string) {
    super(
      `${what} is required: pass ${flag}`,
      `not prompting: stdin/stdout is not a terminal, CI is set, or --non-interactive was given`,
    );
  }
}

/** A browser was asked for where none can open: the user needs the URLs (or files) to open elsewhere. */
export class NoBrowserError extends InvError {
  override readonly exitCode = ExitCode.inputNeeded;
  constructor(urls: readonly string[], why: string) {
    super(
      `${why}: open ${urls.length === 1 ? 'it' : 'them'} on a machine with one\n${urls.map((u) => `  ${u}`).join('\n')}`,
    );
  }
}

/** Stdin ended before the line a command was waiting for (a pipe with no more lines). */
export class InputEndedError extends InvError {
  override readonly exitCode = ExitCode.inputNeeded;
}

/** Missing, rejected or expired credentials. */
export class AuthError extends InvError {
  override readonly exitCode = ExitCode.auth;
}

/** The API answered 404. */
export class NotFoundError extends InvError {
  override readonly exitCode = ExitCode.notFound;
}

/** The API kept answering 429 after every retry allowed. */
export class RateLimitError extends InvError {
  override readonly exitCode = ExitCode.rateLimited;
}

/** The API answered with an error status (other than 401/403/404/429). */
export class ApiError extends InvError {
  constructor(
    message: string,
    readonly status: number,
    hint?: string,
  ) {
    super(message, hint);
  }
}

/** The service could not be reached; nothing was sent. */
export class ConnectionError extends InvError {}

/** The request was sent but the connection was lost before an answer: it may or may not have been applied. */
export class InDoubtError extends InvError {}

/** What the server holds is not what a change was worked out from (stock counted while it moved): nothing was sent. */
export class ConflictError extends InvError {}

/** A batch ended with rows failed or in doubt. */
export class BatchIncompleteError extends InvError {
  override readonly exitCode = ExitCode.batchIncomplete;
}

/** The user pressed Ctrl-C. */
export class InterruptedError extends InvError {
  override readonly exitCode = ExitCode.interrupted;
  constructor(message = 'interrupted') {
    super(message);
  }
}

/** Stopped (Ctrl-C, SIGTERM) while a request waited to be sent (its slot, a 429's wait, an outage): it never left. */
export class StoppedBeforeSendingError extends InterruptedError {
  constructor() {
    super('stopped before the request was sent');
  }
}

/** An answer longer than the request allows: a value read as data from elsewhere, refused unread. */
export class AnswerTooLargeError extends InvError {}

/** Exit code for any thrown value: typed errors carry theirs, anything else is 1. */
export function exitCodeOf(error: unknown): number {
  return error instanceof InvError ? error.exitCode : ExitCode.failure;
}

/** A batch's journal can no longer be read as a whole: nothing is sent. */
export class JournalDamagedError extends InvError {}

/**
 * A batch refused before anything was sent (a repeat of applied rows, or rows that are not valid): `summary` is what a
 * script reads of it.
 */
export class BatchRefusedError extends UsageError {
  constructor(
    message: string,
    hint: string | undefined,
    readonly summary: Record<string, unknown>,
  ) {
    super(message, hint);
  }
}

/** Why a file could not be written, in words for the usual codes. */
const WRITE_FAILURES = new Map([
  ['ENOENT', 'no such directory'],
  ['EACCES', 'permission denied'],
  ['EISDIR', 'it is a directory'],
]);

/** The error for `file` not written because of `error`: its reason in words where known, else the system's message. */
export function cannotWrite(file: string, error: unknown): InvError {
  const e = error as NodeJS.ErrnoException;
  return new InvError(`cannot write ${file}: ${WRITE_FAILURES.get(e.code ?? '') ?? e.message}`);
}
