/** Comparisons of strings that need no locale. */

/** Compares two strings by their UTF-16 code units, as `<` does: the order of command names and ISO timestamps. */
export function byCodeUnits(a: string, b: string): number {
  // Not localeCompare: its first call in a process loads ICU's collation data (~10 ms of a one-shot command).
  return a < b ? -1 : a > b ? 1 : 0;
}
