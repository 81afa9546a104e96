/** Profiles on disk, on conf: one JSON file, 0600, in a 0700 directory. */
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ConfigFile, Profile } from './schema.js';

export const DEFAULT_PROFILE = 'default';

/** Creates the directory 0700, or tightens it to 0700 if it exists. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

export class ConfigStore {
  private constructor(private readonly conf: import('conf').default<ConfigFile>) {}

  /** Opens (or creates) the config file in `dir`. conf is imported here, lazily. */
  static async open(dir: string): Promise<ConfigStore> {
    ensurePrivateDir(dir);
    const { default: Conf } = await import('conf');
    const conf = new Conf<ConfigFile>({
      projectName: 'inv',
      projectSuffix: '',
      cwd: dir,
      configName: 'config',
      configFileMode: 0o600,
      clearInvalidConfig: false,
    });
    return new ConfigStore(conf);
  }

  /** Absolute path of the config file. */
  get path(): string {
    return this.conf.path;
  }

  /** The directory of the config file (0700), also home of lock files. */
  get dir(): string {
    return dirname(this.conf.path);
  }

  /** The profile named in the file as current, or "default". */
  currentProfileName(): string {
    return this.conf.get('currentProfile') ?? DEFAULT_PROFILE;
  }

  /** Names of every stored profile. */
  profileNames(): string[] {
    return Object.keys(this.conf.get('profiles') ?? {});
  }

  /** A stored profile, or an empty one. */
  profile(name: string): Profile {
    return this.conf.get('profiles')?.[name] ?? {};
  }

  /** Whether a profile of that name is stored. */
  hasProfile(name: string): boolean {
    return name in (this.conf.get('profiles') ?? {});
  }

  /** Replaces one profile with what `change` makes of it; the file is rewritten atomically. */
  updateProfile(name: string, change: (profile: Profile) => Profile): Profile {
    const profiles = { ...(this.conf.get('profiles') ?? {}) };
    const next = change(profiles[name] ?? {});
    profiles[name] = next;
    this.conf.set('profiles', profiles);
    return next;
  }

  /** Makes `name` the profile used when no --profile or INV_PROFILE is given. */
  useProfile(name: string): void {
    this.conf.set('currentProfile', name);
  }
}
