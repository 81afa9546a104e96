/** Process entry: answers --version before loading anything, then runs main() with the process's IO. */
import { setFlagsFromString } from 'node:v8';
import { version } from '../version.js';

/** Runs inv for `argv` (without node and script) and resolves to the exit code. */
export async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(version() + '\n');
    return 0;
  }
  // undici's HTTP parser is WebAssembly; V8 optimising it in the background delays the exit of a
  // one-shot command by 50-150 ms, and the baseline compiler alone serves bulk runs as well (bench/).
  setFlagsFromString('--liftoff-only');
  const [{ main }, { processIO }] = await Promise.all([import('./main.js'), import('./io.js')]);
  const code = await main(argv, processIO());
  // A command may have left stdin open (a prompt or a pasted line cut short); it must not keep us alive.
  process.stdin.destroy();
  return code;
}
