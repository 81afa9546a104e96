/** Reading and validating the settable keys of a profile, secrets masked. */
import { UsageError } from '../errors.js';
import { SETTABLE_KEYS, getPath, type KeySpec, type Profile } from './schema.js';

export const MASK = '********';

/** The spec of a settable key, or a UsageError listing the valid keys. */
export function keySpec(key: string): KeySpec {
  const spec = SETTABLE_KEYS[key];
  if (!spec) throw new UsageError(`unknown config key "${key}"; valid keys: ${Object.keys(SETTABLE_KEYS).join(', ')}`);
  return spec;
}

/** Parses a value for a key by its rule; the error names the key and the rule. */
export function parseKeyValue(key: string, value: string): unknown {
  const result = keySpec(key).schema.safeParse(value);
  if (!result.success) throw new UsageError(`config ${key}: "${value}" ${result.error.issues[0]?.message ?? 'is not valid'}`);
  return result.data;
}

/** Every set key of a profile with its value, secrets masked. */
export function listKeys(profile: Profile): Array<{ key: string; value: string }> {
  return Object.entries(SETTABLE_KEYS).flatMap(([key, spec]) => {
    const value = getPath(profile, key);
    if (value === undefined || value === null) return [];
    return [{ key, value: spec.secret ? MASK : String(value) }];
  });
}
