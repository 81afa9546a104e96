/** Profile names: the rule every profile command checks. */
import { UsageError } from '../../errors.js';

/** A profile name: letters, digits, dot, dash and underscore, 1 to 64 characters. */
export function profileNameArg(value: unknown, what = 'profile name'): string {
  const name = String(value ?? '');
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name))
    throw new UsageError(`${what} "${name}" may hold letters, digits, ".", "-" and "_" (1 to 64)`);
  return name;
}
