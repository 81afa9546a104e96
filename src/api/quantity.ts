/** The rule for a quantity of units to move or send: a whole number from 1 to 999,999,999. */

/** The rule as messages state it. */
export const QUANTITY_RULE = 'must be a whole number from 1 to 999999999';

/** The quantity `text` states, or undefined when it is not a positive whole number of at most nine digits. */
export function positiveQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : undefined;
}
