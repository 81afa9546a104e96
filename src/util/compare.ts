/** Comparisons of strings that need no locale. */

/** Compares two strings by their UTF-16 code units, as `<` does: the order of command names and ISO timestamps. */
export function byCodeUnits(a: string, b: string): number {
  // Not localeCompare: its first call in a process loads ICU's collation data (~10 ms of a one-shot command).
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A name as names are compared (location names, mskus for a "did you mean", profiles): in one Unicode normal form
 * (NFC, so that "é" typed as e + U+0301, as some Mac files write it, is "é") and case aside.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Whether two names are the same name: equal as `nameKey` makes them. */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}
