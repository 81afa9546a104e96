/** Where inv keeps its configuration, its state and its runtime files. */
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Record<string, string | undefined>;

/** The config directory: INV_CONFIG_DIR, else $XDG_CONFIG_HOME/inv, else %APPDATA%\\inv on Windows, else ~/.config/inv. */
export function configDir(env: Env, platform: string = process.platform): string {
  if (env.INV_CONFIG_DIR) return env.INV_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'inv');
  if (platform === 'win32') return join(env.APPDATA || join(homedir(), 'AppData', 'Roaming'), 'inv');
  return join(env.HOME || homedir(), '.config', 'inv');
}

/** The config file in config directory `dir` (the name conf gives it: configName "config", extension json). */
export function configFile(dir: string): string {
  return join(dir, 'config.json');
}

/**
 * The state directory (batch journals, caches, the learnt rates): INV_STATE_DIR, else $XDG_STATE_HOME/inv, else
 * %LOCALAPPDATA%\\inv on Windows (where Windows programs keep what is not roamed), else ~/.local/state/inv.
 */
export function stateDir(env: Env, platform: string = process.platform): string {
  if (env.INV_STATE_DIR) return env.INV_STATE_DIR;
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'inv');
  if (platform === 'win32') return join(localAppData(env), 'inv');
  return join(env.HOME || homedir(), '.local', 'state', 'inv');
}

/** Windows' %LOCALAPPDATA%: where a program keeps what stays on this machine (state, caches). */
export function localAppData(env: Env): string {
  return env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local');
}

/** The runtime directory (one-use files such as the login page): $XDG_RUNTIME_DIR/inv, else "run" in the state directory. */
export function runtimeDir(env: Env): string {
  return env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'inv') : join(stateDir(env), 'run');
}

export interface PrivatePlace {
  dir: string;
  /** What it holds, for messages: "the state directory". */
  what: string;
  /** The environment variable that moves it, for hints. */
  variable: string;
}

/** The three directories inv keeps to itself, with what they hold and the variable that moves each. */
export function privateDirs(env: Env): { config: PrivatePlace; state: PrivatePlace; runtime: PrivatePlace } {
  return {
    config: { dir: configDir(env), what: 'the config directory', variable: 'INV_CONFIG_DIR' },
    state: { dir: stateDir(env), what: 'the state directory', variable: 'INV_STATE_DIR' },
    runtime: { dir: runtimeDir(env), what: 'the runtime directory', variable: 'XDG_RUNTIME_DIR' },
  };
}
