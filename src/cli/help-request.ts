/** Which command's help an argv asks for (light: the entry imports it before anything else). */

/** The help key of a command path: "" for the root, "fees", "items list", … */
export function helpKey(path: readonly string[]): string {
  return path.join(' ');
}

/**
 * The command path whose help `argv` asks for, when it asks for nothing else: `--help`, `-h`,
 * `help`, `fees --help`, `help fees`, `items list -h`. Undefined otherwise.
 */
export function helpRequest(argv: readonly string[]): string | undefined {
  if (argv.length === 0) return undefined;
  if (argv[0] === 'help') return argv.slice(1).every((w) => !w.startsWith('-')) ? helpKey(argv.slice(1)) : undefined;
  const last = argv.at(-1);
  if (last !== '--help' && last !== '-h') return undefined;
  const path = argv.slice(0, -1);
  return path.every((w) => /^[a-z][a-z-]*$/.test(w)) ? helpKey(path) : undefined;
}
