/**
 * The account a batch belongs to, as one key every machine computes alike: the server (whatever the spelling of its
 * address), the user `whoami` names there, and the id the account's settings hold (`INV_ACCOUNT`, written once by
 * the first run). A sandbox started afresh on the same address has no such setting: it is a new account.
 */
import { createHash } from 'node:crypto';
import { nodeCrypto } from '../../util/lazy-crypto.js';
import { AnchorValueError } from '../anchor/head.js';
import type { AnchorStore } from '../anchor/setting-store.js';

/** The account setting that holds the account's id. */
export const ACCOUNT_SETTING = 'INV_ACCOUNT';

/** Who a batch belongs to: `key` names it in batch keys and registers; `user` is what `whoami` said; `instance` the id. */
export interface BatchAccount {
  key: string;
  user: string;
  instance?: string;
}

/** What this machine remembers of the account: the id it last ran a batch under, and that batch's key. */
export interface Remembered {
  instance: string;
  key: string;
}

/** The account of `user` at `server`, with the id its settings hold (undefined: the server keeps no settings for us). */
export function accountKey(server: string, user: string, instance: string | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([server, user, instance ?? null]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The id the account's settings hold, written (then read back, so that two machines starting at once agree on the one
 * written last) when there is none. When the settings hold none though the last batch this machine ran there is still
 * on the server, the account was not reset: the id it had is written back. When the server keeps no settings for us,
 * the id this machine remembers (or undefined).
 */
export async function accountInstance(
  store: AnchorStore,
  sleep: (ms: number) => Promise<void>,
  remembered: Remembered | undefined,
  write = true,
): Promise<string | undefined> {
  const clear = [
    'it names the account for batches: put back what it held',
    '(a new value makes every batch of the account new, and its moves would be sent again)',
  ].join(' ');
  const read = async () => {
    const value = await store.get(ACCOUNT_SETTING, clear);
    if (value !== undefined && !/^[0-9a-f]{16,64}$/.test(value))
      throw new AnchorValueError(ACCOUNT_SETTING, 'not the account id inv wrote', clear);
    return value;
  };
  const found = await read();
  if (found !== undefined) return found;
  if (store.off) return remembered?.instance;
  const kept = remembered && (await store.get(`INV_BATCH_${remembered.key}`, clear)) !== undefined;
  if (!write) return kept ? remembered!.instance : undefined;
  await store.put(ACCOUNT_SETTING, kept ? remembered!.instance : nodeCrypto().randomBytes(16).toString('hex'));
  await sleep(150);
  return (await read()) ?? (store.off ? remembered?.instance : undefined);
}
