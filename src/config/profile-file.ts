/**
 * Profiles on disk: one JSON file, 0600, in a 0700 directory. Reading is a plain JSON.parse (fast,
 * on every command); writing goes through conf (atomic writes, file mode), loaded only then.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { withFileLock } from '../util/file-lock.js';
import { configFile, privateDirs } from './paths.js';
import { ensurePrivateDir } from './private-dir.js';
import type { ConfigFile, Profile } from './schema.js';
import { Keyring } from './keyring.js';
import { SecretStore } from './secret-store.js';
import type { SecretName } from './secret-entries.js';

export const DEFAULT_PROFILE = 'default';

/**
 * The keyring service a config directory's entries are kept under: its real absolute path, so that one directory
 * named two ways (relative, with a trailing slash, through a link) is one service, and two directories are never one.
 */
export function keyringService(dir: string): string {
  const absolute = resolve(dir);
  try {
    return `inv:${realpathSync(absolute)}`;
  } catch {
    return `inv:${absolute}`;
  }
}

/** What a config store is opened with: the run's environment and where its notes go. */
export interface StoreOptions {
  env?: Record<string, string | undefined>;
  say?: (line: string) => void;
}

type Conf = import('conf').default<ConfigFile>;

export class ConfigStore {
  private writer?: Promise<Conf>;
  private readonly secrets: SecretStore;

  private constructor(
    readonly dir: string,
    options: StoreOptions,
  ) {
    const keyring = new Keyring(keyringService(dir), options.env ?? {});
    this.secrets = new SecretStore(keyring, this.path, options.say ?? (() => undefined));
  }

  /**
   * The config store of `dir` (created 0700 if missing); `options.env` is the run's environment (the keyring's child
   * gets it) and `options.say` writes a line on stderr.
   */
  static async open(dir: string, options: StoreOptions = {}): Promise<ConfigStore> {
    ensurePrivateDir(privateDirs({ INV_CONFIG_DIR: dir }).config);
    return new ConfigStore(dir, options);
  }

  /** Absolute path of the config file. */
  get path(): string {
    return configFile(this.dir);
  }

  /** The file as it is on disk now (another inv process may have changed it). */
  private read(): ConfigFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    try {
      return JSON.parse(text) as ConfigFile;
    } catch {
      throw new UsageError(
        `the config file ${this.path} is not valid JSON`,
        'fix or delete it (it holds your profiles and tokens)',
      );
    }
  }

  /** The profile named in the file as current, or "default". */
  currentProfileName(): string {
    return this.read().currentProfile ?? DEFAULT_PROFILE;
  }

  /** Names of every stored profile. */
  profileNames(): string[] {
    return Object.keys(this.read().profiles ?? {});
  }

  /** A stored profile, or an empty one, with the secrets the system keyring holds for it. */
  profile(name: string): Profile {
    return this.secrets.reveal(name, this.read().profiles?.[name] ?? {});
  }

  /** A stored profile as config.json keeps it: its settings, without the secrets the keyring holds (none is read). */
  storedSettings(name: string): Profile {
    return this.read().profiles?.[name] ?? {};
  }

  /** Where each secret of a profile is kept: "keyring", or "file <path of config.json>". */
  secretPlaces(name: string): Partial<Record<SecretName, string>> {
    return this.secrets.places(this.read().profiles?.[name] ?? {});
  }

  /** Whether a profile of that name is stored. */
  hasProfile(name: string): boolean {
    return name in (this.read().profiles ?? {});
  }

  /**
   * Replaces one profile with what `change` makes of it. Every write holds the config lock and
   * re-reads the file under it, so that processes writing other profiles (or the same one) at the
   * same time lose nothing; the file is rewritten atomically. Secrets written go to the system keyring when one
   * answers, else to the file. `options.insecure` is a login's choice (--insecure-storage): the file or not, kept on
   * the profile for the writes after it (a refresh) until the next login chooses.
   */
  async updateProfile(
    name: string,
    change: (profile: Profile) => Profile,
    options: { insecure?: boolean } = {},
  ): Promise<Profile> {
    return this.locked((conf) => {
      const profiles = { ...(conf.get('profiles') ?? {}) };
      const before = this.secrets.reveal(name, profiles[name] ?? {});
      const changed = change(before);
      const next =
        options.insecure === undefined ? changed : { ...changed, insecureStorage: options.insecure || undefined };
      profiles[name] = this.secrets.keep(name, before, next, next.insecureStorage === true);
      conf.set('profiles', profiles);
      return next;
    });
  }

  /** Removes a profile; when it was the current one, the default profile becomes current. */
  async deleteProfile(name: string): Promise<void> {
    await this.locked((conf) => {
      const profiles = { ...(conf.get('profiles') ?? {}) };
      this.secrets.forget(name, profiles[name] ?? {});
      delete profiles[name];
      conf.set('profiles', profiles);
      if (conf.get('currentProfile') === name) conf.delete('currentProfile');
    });
  }

  /** Gives a profile a new name (tokens and all); the current profile follows it. */
  async renameProfile(from: string, to: string): Promise<void> {
    await this.locked((conf) => {
      const profiles = { ...(conf.get('profiles') ?? {}) };
      this.secrets.move(from, to, profiles[from] ?? {});
      profiles[to] = profiles[from] ?? {};
      delete profiles[from];
      conf.set('profiles', profiles);
      if (conf.get('currentProfile') === from) conf.set('currentProfile', to);
    });
  }

  /** Makes `name` the profile used when no --profile or INV_PROFILE is given. */
  async useProfile(name: string): Promise<void> {
    await this.locked((conf) => conf.set('currentProfile', name));
  }

  /** Runs a read-modify-write of the file under the config lock (conf reads the file afresh on each get). */
  async locked<T>(write: (conf: Conf) => T): Promise<T> {
    const conf = await this.conf();
    return withFileLock(join(this.dir, 'config.lock'), async () => write(conf));
  }

  private conf(): Promise<Conf> {
    this.writer ??= import('conf').then(
      ({ default: Conf }) =>
        new Conf<ConfigFile>({
          projectName: 'inv',
          projectSuffix: '',
          cwd: this.dir,
          configName: 'config',
          configFileMode: 0o600,
          clearInvalidConfig: false,
        }),
    );
    return this.writer;
  }
}
