/** Where inv keeps its configuration and its state. */
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Record<string, string | undefined>;

/** The config directory: INV_CONFIG_DIR, else $XDG_CONFIG_HOME/inv, else ~/.config/inv. */
export function configDir(env: Env): string {
  if (env.INV_CONFIG_DIR) return env.INV_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'inv');
}

/** The config file in config directory `dir` (the name conf gives it: configName "config", extension json). */
export function configFile(dir: string): string {
  return join(dir, 'config.json');
}

/** The state directory for batch journals: INV_STATE_DIR, else $XDG_STATE_HOME/inv, else ~/.local/state/inv. */
export function stateDir(env: Env): string {
  if (env.INV_STATE_DIR) return env.INV_STATE_DIR;
  return join(env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state'), 'inv');
}
