/**
 * The msku rule, the item's key, stated once (the zod schemas of rules.ts, batch rows and command arguments use it):
 * 1 to 80 characters (the API's limit), and, as an msku is a step of an item's path (`/v1/items/<msku>`), neither
 * "." nor ".." nor any control character.
 */

/** What is wrong with an msku by the item rule, or undefined. */
export function mskuProblem(msku: unknown): string | undefined {
  if (typeof msku !== 'string') return 'must be a string';
  if (msku.trim() === '') return 'must not be empty';
  if (msku.length > 80) return 'must be at most 80 characters';
  if (msku === '.' || msku === '..') return 'cannot name an item ("." and ".." are steps of a path)';
  if (/[\u0000-\u001f\u007f]/.test(msku)) return 'must not hold control characters';
  return undefined;
}
