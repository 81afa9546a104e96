/**
 * The system's credential store (Secret Service, Keychain, Credential Manager) through @napi-rs/keyring, called in a
 * child process that is killed when it does not answer within KEYRING_TIMEOUT_MS (docs/decisions.md, "Secrets in the
 * system keyring"). A keyring that fails or does not answer once is no keyring for the rest of the run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keyringBinding, type KeyringBinding } from './keyring-binding.js';
import { KEYRING_CHILD_SOURCE } from './keyring-child.js';

type Env = Record<string, string | undefined>;

/** What the keyring's child may see of the environment: how to reach the session's keyring and run at all, no more. */
const CHILD_ENV = new Set(
  [
    'DBUS_SESSION_BUS_ADDRESS',
    'XDG_RUNTIME_DIR',
    'DISPLAY',
    'WAYLAND_DISPLAY',
    'HOME',
    'USER',
    'LOGNAME',
    'PATH',
    'TMPDIR',
    'LANG',
    'SYSTEMROOT',
    'WINDIR',
    'USERPROFILE',
    'APPDATA',
    'LOCALAPPDATA',
    'TEMP',
    'TMP',
  ].map((name) => name.toUpperCase()),
);

/** The run's environment as the keyring's child gets it: no INV_* value (a token, a secret) and nothing else of inv's. */
export function keyringChildEnv(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => CHILD_ENV.has(name.toUpperCase())));
}

/**
 * Why the Secret Service cannot be reached in this run without asking it: on Linux and the BSDs it is on the session
 * bus, named by DBUS_SESSION_BUS_ADDRESS or at $XDG_RUNTIME_DIR/bus; neither there (a server, CI, cron) is no keyring,
 * known without starting a child. macOS and Windows keep theirs elsewhere.
 */
export function noSessionBus(env: Env, platform: string = process.platform): string | undefined {
  if (platform === 'darwin' || platform === 'win32' || env.DBUS_SESSION_BUS_ADDRESS) return undefined;
  if (env.XDG_RUNTIME_DIR && existsSync(join(env.XDG_RUNTIME_DIR, 'bus'))) return undefined;
  return 'no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set';
}

/** How long the keyring has to answer before the run goes on without it. */
export const KEYRING_TIMEOUT_MS = 3_000;

export type KeyringOp =
  | { op: 'get'; account: string }
  | { op: 'set'; account: string; value: string }
  | { op: 'delete'; account: string };

interface Answer {
  ok: boolean;
  results?: Array<string | boolean | null>;
  error?: string;
}

/** The system keyring of one run, under one service name (a config directory's). */
export class Keyring {
  /** Why the keyring is not used in this run, once known. */
  private down?: string;
  private binding?: KeyringBinding;

  /**
   * @param service the name entries are kept under (one per config directory)
   * @param env the run's environment (D-Bus session address), given to the child
   * @param binding the module the child loads, when not this process's own (a test's stand-in)
   */
  constructor(
    readonly service: string,
    private readonly env: Env,
    binding?: KeyringBinding,
  ) {
    this.binding = binding;
  }

  /** Why there is no keyring in this run, or undefined while it answers. */
  get unavailable(): string | undefined {
    return this.down;
  }

  /**
   * Runs `ops` in one child process and returns their results in order (get: the value or null; set: true; delete:
   * whether there was an entry); undefined when the keyring is unavailable (the reason is then `unavailable`).
   */
  run(ops: KeyringOp[]): Array<string | boolean | null> | undefined {
    if (ops.length === 0) return [];
    if (this.down) return undefined;
    this.down = noSessionBus(this.env);
    if (this.down) return undefined;
    // Found once a run: in an executable, finding it hashes the ~1 MB binding it carries.
    const binding = (this.binding ??= keyringBinding(this.env));
    if (!binding.path) {
      this.down = binding.reason;
      return undefined;
    }
    const { spawnSync } = process.getBuiltinModule('node:child_process');
    // A standalone executable is its own child: its main script runs the child's source when INV_KEYRING_CHILD is set.
    const args = binding.standalone ? [] : ['-e', KEYRING_CHILD_SOURCE];
    const child = spawnSync(process.execPath, args, {
      input: JSON.stringify(ops.map((op) => ({ ...op, service: this.service }))),
      env: {
        ...keyringChildEnv(this.env),
        INV_KEYRING_BINDING: binding.path,
        INV_KEYRING_CHILD: binding.standalone ? '1' : undefined,
        NODE_OPTIONS: undefined,
      },
      encoding: 'utf8',
      timeout: KEYRING_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      windowsHide: true,
      maxBuffer: 1 << 20,
    });
    if (child.error || child.status !== 0) {
      const timedOut = (child.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT' || child.signal;
      this.down = timedOut
        ? `did not answer within ${KEYRING_TIMEOUT_MS / 1000} s`
        : `could not be reached (${child.error?.message ?? child.stderr.trim().split('\n')[0]})`;
      return undefined;
    }
    let answer: Answer;
    try {
      answer = JSON.parse(child.stdout) as Answer;
    } catch {
      answer = { ok: false, error: 'its answer could not be read' };
    }
    if (!answer.ok || !answer.results) {
      this.down = `failed (${answer.error ?? 'no reason given'})`;
      return undefined;
    }
    return answer.results;
  }
}
