/** Arguments the stock verbs share. */
import { UsageError } from '../../errors.js';

/** An itemLocation id: a whole number (`hint` says where to find one). */
export function itemLocationId(value: unknown, hint?: string): string {
  const id = String(value);
  if (!/^\d+$/.test(id)) throw new UsageError(`itemLocation id "${id}" must be a whole number`, hint);
  return id;
}
