/**
 * A private Secret Service for tests: gnome-keyring-daemon, unlocked, on a D-Bus session of its own
 * (dbus-run-session), in a home of its own; and a bus that accepts connections and never answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

const TOOLS = ['dbus-run-session', 'gnome-keyring-daemon', 'secret-tool'];

/** Why the keyring tests cannot run here (a tool missing), or undefined when they can. */
export function keyringMissing(): string | undefined {
  const missing = TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  return missing.length
    ? `${missing.join(', ')} not installed (Debian: apt-get install dbus gnome-keyring libsecret-tools)`
    : undefined;
}

export interface TestKeyring {
  /** What inv and secret-tool need to reach it. */
  env: { DBUS_SESSION_BUS_ADDRESS: string };
  /** Every item secret-tool finds with attribute service=`service`: username → secret. */
  items(service: string): Record<string, string>;
  /** Locks the login keyring: a write then asks for an unlock (a prompt that no one can answer here). */
  lock(): void;
  close(): void;
}

// The keyring's password is given on stdin; the probe item proves it is unlocked and answering before the tests start.
const SCRIPT = `
eval "$(printf pw | gnome-keyring-daemon --unlock --components=secrets)" >/dev/null
printf probe | secret-tool store --label=probe probe probe || exit 1
echo "ADDRESS=$DBUS_SESSION_BUS_ADDRESS"
read _
`;

/** Starts a session bus with an unlocked gnome-keyring whose files are under `dir`. */
export async function startKeyring(dir: string): Promise<TestKeyring> {
  const home = join(dir, 'keyring-home');
  mkdirSync(home, { recursive: true });
  const env = { PATH: process.env.PATH, HOME: home, XDG_RUNTIME_DIR: home, XDG_DATA_HOME: join(home, 'data') };
  const child = spawn('dbus-run-session', ['--', 'sh', '-c', SCRIPT], {
    env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const found = /ADDRESS=(\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => reject(new Error(`dbus-run-session ended (${code}): ${err}`)));
    setTimeout(() => reject(new Error(`no keyring within 15 s: ${err}`)), 15_000).unref();
  });
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    items(service) {
      const r = spawnSync('secret-tool', ['search', '--all', 'service', service], {
        env: { ...env, DBUS_SESSION_BUS_ADDRESS: address },
        encoding: 'utf8',
        timeout: 10_000,
      });
      // secret-tool prints each item's secret on stdout and its attributes on stderr, in the same order.
      const secrets = [...r.stdout.matchAll(/^secret = (.*)$/gm)].map((m) => m[1]!);
      const users = [...r.stderr.matchAll(/^attribute\.username = (.*)$/gm)].map((m) => m[1]!);
      return Object.fromEntries(users.map((user, i) => [user, secrets[i]!]));
    },
    lock() {
      const r = spawnSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.secrets',
          '/org/freedesktop/secrets',
          'org.freedesktop.Secret.Service.Lock',
          'array:objpath:/org/freedesktop/secrets/collection/login',
        ],
        { env: { ...env, DBUS_SESSION_BUS_ADDRESS: address }, encoding: 'utf8', timeout: 10_000 },
      );
      if (r.status !== 0) throw new Error(`could not lock the keyring: ${r.stderr}`);
    },
    close() {
      stop(child);
    },
  };
}

/** Ends the process group of `child` (dbus-run-session, its bus and the keyring daemon). */
function stop(child: ChildProcess): void {
  child.stdin?.end();
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A unix socket that accepts connections and never answers: a D-Bus session that hangs. */
export async function silentBus(dir: string): Promise<{ env: { DBUS_SESSION_BUS_ADDRESS: string }; close(): void }> {
  const path = join(dir, 'silent-bus');
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${path}` },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
