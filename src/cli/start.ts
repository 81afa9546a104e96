/** Everything after the --version fast path: V8 flags, the process's IO, main(). */
import { setFlagsFromString } from 'node:v8';
import { processIO } from './io.js';
import { main } from './main.js';

/** Runs main() with the process's IO and resolves to the exit code. */
export async function start(argv: string[]): Promise<number> {
  // undici's HTTP parser is WebAssembly; V8 optimising it in the background delays the exit of a
  // one-shot command by 50-150 ms, and the baseline compiler alone serves bulk runs as well (bench/).
  setFlagsFromString('--liftoff-only');
  const code = await main(argv, processIO());
  // A command may have left stdin open (a prompt or a pasted line cut short); it must not keep us alive.
  process.stdin.destroy();
  return code;
}
