/**
 * Where the secrets of the profiles are kept: the system keyring when one answers, else config.json (0600). The file
 * records, per profile, which secrets the keyring holds and a stamp that changes with each write, so that a process
 * reads an entry again only when another process wrote it (docs/decisions.md, "Secrets in the system keyring").
 */
import { InvError, UsageError } from '../errors.js';
import type { Keyring, KeyringOp } from './keyring.js';
import {
  entryOf,
  SECRET_NAMES,
  SECRET_WORDS,
  hasSecret,
  withoutSecret,
  withSecret,
  type SecretName,
} from './secret-entries.js';
import type { Profile } from './schema.js';

/** A new stamp: it only has to differ from the one it replaces. */
function newStamp(): string {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

/** "token", "token and client secret". */
function words(names: SecretName[]): string {
  const list = names.map((name) => SECRET_WORDS[name]);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list.join('');
}

/** The secrets of one config file's profiles: revealed on read, kept in the keyring or the file on write. */
export class SecretStore {
  /** Entries read or written in this run, by account, with the stamp they had. */
  private readonly cache = new Map<string, { stamp: string; value: string | null }>();
  private told = false;
  private noted = false;

  /**
   * @param keyring the system keyring
   * @param file the config file, for messages
   * @param say writes a line on stderr
   */
  constructor(
    private readonly keyring: Keyring,
    private readonly file: string,
    private readonly say: (line: string) => void,
  ) {}

  private account(profile: string, name: SecretName): string {
    return `${profile}/${name}`;
  }

  /** Reads the entries of `profile` whose stamps this run has not seen; false when the keyring did not answer. */
  private load(profile: string, held: Array<[SecretName, string]>): boolean {
    const unseen = held.filter(([name, stamp]) => this.cache.get(this.account(profile, name))?.stamp !== stamp);
    if (!unseen.length) return true;
    const values = this.keyring.run(unseen.map(([name]) => ({ op: 'get', account: this.account(profile, name) })));
    if (!values) return false;
    unseen.forEach(([name, stamp], i) =>
      this.cache.set(this.account(profile, name), { stamp, value: values[i] as string | null }),
    );
    return true;
  }

  /** The profile as commands see it: `disk` (as in config.json) with the secrets the keyring holds put back. */
  reveal(profile: string, disk: Profile): Profile {
    const held = Object.entries(disk.keyring ?? {}) as Array<[SecretName, string]>;
    if (!held.length) return disk;
    if (!this.load(profile, held) && !this.noted) {
      this.noted = true;
      this.say(
        `note: the system keyring ${this.keyring.unavailable}: ` +
          `the secrets of profile "${profile}" kept there are not available to this run`,
      );
    }
    let revealed = disk;
    const missing: SecretName[] = [];
    for (const [name, stamp] of held) {
      const cached = this.cache.get(this.account(profile, name));
      if (cached?.stamp !== stamp) continue;
      if (typeof cached.value === 'string') revealed = withSecret(revealed, name, cached.value);
      else missing.push(name);
    }
    // A locked keyring answers a read as if the entry were not there (its unlock prompt comes only with a write).
    if (missing.length && !this.noted) {
      this.noted = true;
      this.say(
        `note: the system keyring has no ${words(missing)} of profile "${profile}" (is it locked, or was the entry removed?)`,
      );
    }
    return revealed;
  }

  /**
   * What config.json keeps of `next` (the profile a command made of `before`, both as commands see them). A secret
   * written (changed) goes to the keyring, or to the file with a line saying so when there is none or `insecure` asks
   * for the file; a secret removed leaves the keyring; one unchanged stays where it is (a file's moves on its next write).
   */
  keep(profile: string, before: Profile, next: Profile, insecure = false): Profile {
    const { keyring: _stamps, ...rest } = next;
    let disk: Profile = rest;
    const stamps = { ...before.keyring };
    const removing: SecretName[] = [];
    const written: SecretName[] = [];
    for (const name of SECRET_NAMES) {
      const value = entryOf(next, name);
      const held = stamps[name] !== undefined;
      // Removed: gone from the profile, even when the keyring could not be read (a logout forgets an unread token).
      const removed = hasSecret(before, name) && !hasSecret(next, name);
      if (value === entryOf(before, name) && !removed) {
        if (held) disk = withoutSecret(disk, name);
      } else if (value === undefined || insecure) {
        if (held) removing.push(name);
        delete stamps[name];
        if (value !== undefined) written.push(name);
      } else {
        written.push(name);
      }
    }
    const toKeyring = insecure ? [] : written;
    const set = this.keyring.run(
      toKeyring.map((name) => ({ op: 'set', account: this.account(profile, name), value: entryOf(next, name)! })),
    );
    for (const name of toKeyring) {
      // Without a keyring, the entry a secret replaces (if any) cannot be removed now: it is no longer read.
      if (!set) delete stamps[name];
      else {
        stamps[name] = newStamp();
        this.cache.set(this.account(profile, name), { stamp: stamps[name], value: entryOf(next, name)! });
        disk = withoutSecret(disk, name);
      }
    }
    const deletes = removing.map((name): KeyringOp => ({ op: 'delete', account: this.account(profile, name) }));
    if (deletes.length && !this.keyring.run(deletes)) {
      // Only removing (a logout, an unset): refused, or the file would forget entries the keyring still holds.
      if (written.length === 0) throw this.cannotRemove(profile, removing);
      this.say(`the system keyring ${this.keyring.unavailable}: the old ${words(removing)} stay in it, unread`);
    }
    const inFile = set ? written.filter((name) => !toKeyring.includes(name)) : written;
    if (inFile.length) this.tell(inFile, insecure);
    return Object.keys(stamps).length ? { ...disk, keyring: stamps } : disk;
  }

  /** Says once that secrets went to the file, and why. */
  private tell(names: SecretName[], insecure: boolean): void {
    if (this.told) return;
    this.told = true;
    const where = `${words(names)} stored in ${this.file} (readable by this user only)`;
    const why = this.keyring.unavailable ? ` (${this.keyring.unavailable})` : '';
    this.say(insecure ? `${where}, as --insecure-storage asks` : `no system keyring: ${where}${why}`);
  }

  /** Removes the keyring entries of a profile that is deleted (`disk` as in config.json); refused when it does not answer. */
  forget(profile: string, disk: Profile): void {
    const held = Object.keys(disk.keyring ?? {}) as SecretName[];
    if (!this.keyring.run(held.map((name) => ({ op: 'delete', account: this.account(profile, name) }))))
      throw this.cannotRemove(profile, held);
  }

  private cannotRemove(profile: string, names: SecretName[]): InvError {
    return new InvError(
      `the system keyring ${this.keyring.unavailable}: the ${words(names)} of profile "${profile}" kept there cannot be removed`,
      'try again when it answers (unlock it); nothing was changed',
    );
  }

  /** Moves the keyring entries of profile `from` to `to` (a rename); refused when the keyring does not answer. */
  move(from: string, to: string, disk: Profile): void {
    const held = Object.entries(disk.keyring ?? {}) as Array<[SecretName, string]>;
    if (!held.length) return;
    const values = this.load(from, held)
      ? held.map(([name]) => this.cache.get(this.account(from, name))?.value)
      : undefined;
    // Written under the new name first; the old entries removed after, and only said when that fails (never lost).
    const sets: KeyringOp[] = held.flatMap(([name], i) => {
      const value = values?.[i];
      return typeof value === 'string' ? [{ op: 'set', account: this.account(to, name), value }] : [];
    });
    if (!values || !this.keyring.run(sets)) {
      throw new UsageError(
        `the system keyring ${this.keyring.unavailable}: the secrets of profile "${from}" kept there cannot be moved`,
        'try again when it answers (unlock it), or log out of the profile first',
      );
    }
    if (!this.keyring.run(held.map(([name]) => ({ op: 'delete', account: this.account(from, name) }))))
      this.say(`the entries of profile "${from}" stay in the system keyring (it ${this.keyring.unavailable}), unread`);
    held.forEach(([name, stamp], i) => this.cache.set(this.account(to, name), { stamp, value: values[i] ?? null }));
  }

  /** Where each secret of `disk` (as in config.json) is kept: "keyring", or "file <path>". */
  places(disk: Profile): Partial<Record<SecretName, string>> {
    const found: Partial<Record<SecretName, string>> = {};
    for (const name of SECRET_NAMES) {
      if (disk.keyring?.[name] !== undefined) found[name] = 'keyring';
      else if (entryOf(disk, name) !== undefined) found[name] = `file ${this.file}`;
    }
    return found;
  }
}
