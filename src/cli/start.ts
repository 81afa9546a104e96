/** Everything after the --version and --help fast paths: the process's IO, main(). */
import { processIO } from '../util/io.js';
import { main } from './main.js';

/** Runs main() with the process's IO and resolves to the exit code. */
export async function start(argv: string[]): Promise<number> {
  const code = await main(argv, processIO());
  // A command may have left stdin open (a prompt or a pasted line cut short); it must not keep us alive.
  process.stdin.destroy();
  return code;
}
