/** Process entry: answers --version before loading anything, then runs main() with the process's IO. */
import { version } from '../version.js';

/** Runs inv for `argv` (without node and script) and resolves to the exit code. */
export async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(version() + '\n');
    return 0;
  }
  const [{ main }, { processIO }] = await Promise.all([import('./main.js'), import('./io.js')]);
  const code = await main(argv, processIO());
  // A command may have left stdin open (a prompt or a pasted line cut short); it must not keep us alive.
  process.stdin.destroy();
  return code;
}
