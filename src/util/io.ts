/** The streams and facts of the terminal a command runs in; commands never touch `process`. */

export interface Writer {
  /** Writes text; resolves once the stream can take more (backpressure). */
  write(text: string): void | Promise<void>;
  /** Writes raw bytes (an image to a file or pipe); absent where only text is taken. */
  bytes?(data: Uint8Array): void | Promise<void>;
}

export interface IO {
  out: Writer;
  err: Writer;
  stdin: NodeJS.ReadableStream;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  env: Record<string, string | undefined>;
  /** The raw stderr stream, for prompts and progress bars; absent where there is no terminal to draw on. */
  errStream?: NodeJS.WritableStream;
  /** Width of the terminal stdout writes to, when it is one. */
  columns?: number;
  /** Aborted when the user interrupts (Ctrl-C). */
  signal: AbortSignal;
  /** The wall clock in milliseconds (tests set one of their own); `Date.now` when absent. */
  now?: () => number;
}

/** Width of the terminal stdout writes to (COLUMNS first, as shells set it), or undefined in a pipe. */
export function terminalWidth(io: IO): number | undefined {
  return io.stdoutIsTTY ? Number(io.env.COLUMNS) || io.columns || undefined : undefined;
}

/** Wraps a Node writable so that writes wait for 'drain' when its buffer is full. */
export function streamWriter(stream: NodeJS.WritableStream): Writer {
  const send = (chunk: string | Uint8Array): void | Promise<void> => {
    if (stream.write(chunk)) return;
    return new Promise((resolve) => stream.once('drain', () => resolve()));
  };
  return { write: send, bytes: send };
}

/**
 * The IO of the running process. The first SIGINT, SIGTERM or SIGBREAK aborts `signal` so work stops cleanly;
 * a second one, later, exits at once. The listeners stay registered (a `once` listener would be gone
 * when signal-exit checks for others, and it would kill us), and a repeat within half a second
 * counts as the same signal: conf's atomic writer (when-exit) re-raises every signal it sees.
 */
export function processIO(): IO {
  const controller = new AbortController();
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) {
      firstAt = Date.now();
      controller.abort(signal);
    } else if (Date.now() - firstAt > 500) {
      process.exit(interruptedExitCode(controller.signal));
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Ctrl-Break in a Windows console (Node maps it to SIGBREAK): a stop, as Ctrl-C is.
  process.on('SIGBREAK', onSignal);
  // The reader of our output went away (`inv items list --all | head`): nothing more to do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  return {
    out: streamWriter(process.stdout),
    err: streamWriter(process.stderr),
    // Opened when first asked for: a command that never reads stdin does not pay for a stream on it.
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    stderrIsTTY: Boolean(process.stderr.isTTY),
    env: process.env,
    errStream: process.stderr,
    signal: controller.signal,
  };
}

/** The exit code of a run stopped by a signal: 128 + its number (130 for SIGINT, 143 for SIGTERM). */
export function interruptedExitCode(signal: AbortSignal): number {
  return signal.reason === 'SIGTERM' ? 143 : 130;
}

/** Reads a whole stream as text (used for `--secret-stdin` and piped input). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
