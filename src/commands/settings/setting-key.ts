/** The rule for a setting key, which is a path segment of its request. */
import { UsageError } from '../../errors.js';

/** A setting key: letters, digits, _ . - (1 to 200 characters). */
export function settingKey(value: unknown): string {
  const key = String(value);
  if (!/^[A-Za-z0-9_.-]{1,200}$/.test(key))
    throw new UsageError(`setting key "${key}" may hold letters, digits, _ . - (1 to 200 characters)`);
  return key;
}
