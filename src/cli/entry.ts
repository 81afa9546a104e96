/**
 * Process entry, built on its own: answers --version without loading anything, and otherwise
 * imports the rest of inv (start.js, the split bundle).
 */

declare const __INV_VERSION__: string | undefined;

/** Runs inv for `argv` (without node and script) and resolves to the exit code. */
export async function run(argv: string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // The build inlines the version; from source it is read from package.json.
    const version = typeof __INV_VERSION__ === 'string' ? __INV_VERSION__ : (await import('../version.js')).version();
    process.stdout.write(version + '\n');
    return 0;
  }
  const { start } = await import('./start.js');
  return start(argv);
}
