/** The keyring's child process, with a stand-in binding that records how it was called: what it sees, what it is told. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Keyring } from '../../src/config/keyring.js';
import { tempDir } from '../helpers/temp.js';

/** A binding module that appends each Entry's arguments, its process's environment and argv to `log`; `fail`: it throws. */
function standIn(fail = false) {
  const dir = tempDir('inv-keyring-child-');
  const log = join(dir, 'calls.ndjson');
  const path = join(dir, 'binding.cjs');
  writeFileSync(
    path,
    `const fs = require('fs');
class Entry {
  constructor(...args) {
    fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args, env: process.env, argv: process.argv }) + '\\n');
    if (${fail}) throw new Error('no keyring here');
  }
  getPassword() { return 'stored'; }
  setPassword() {}
  deleteCredential() { return true; }
}
module.exports = { Entry };`,
  );
  const calls = () =>
    readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { args: unknown[]; env: Record<string, string>; argv: string[] });
  return { binding: { path, standalone: false }, calls };
}

/** A session bus address, for the stand-in binding (which reaches no bus). */
const BUS = 'unix:path=/run/user/1000/bus';

describe("the keyring's child", () => {
  it('asks the Secret Service only, gets the secret on stdin alone, and sees no INV_* of the run', () => {
    const { binding, calls } = standIn();
    const env = {
      PATH: process.env.PATH,
      HOME: '/home/ana',
      INV_TOKEN: 'SECRET-IN-ENV',
      DBUS_SESSION_BUS_ADDRESS: BUS,
    };
    const keyring = new Keyring('inv:/cfg', env, binding);
    expect(keyring.run([{ op: 'set', account: 'p/tokens', value: 'SECRET-VALUE' }])).toEqual([true]);
    const [call] = calls();
    expect(call!.args).toEqual(['inv:/cfg', 'p/tokens', { linux: { store: 'secret-service' } }]);
    const seen = JSON.stringify([call!.env, call!.argv]);
    expect(seen).not.toContain('SECRET-VALUE');
    expect(seen).not.toContain('SECRET-IN-ENV');
  });

  it('a keyring that failed once is not asked again in the run', () => {
    const { binding, calls } = standIn(true);
    const keyring = new Keyring('inv:/cfg', { PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: BUS }, binding);
    expect(keyring.run([{ op: 'get', account: 'p/tokens' }])).toBeUndefined();
    expect(keyring.unavailable).toMatch(/failed \(no keyring here\)/);
    expect(keyring.run([{ op: 'get', account: 'p/tokens' }])).toBeUndefined();
    expect(calls()).toHaveLength(1);
  });

  it.skipIf(process.platform === 'darwin' || process.platform === 'win32')(
    'is not started where no session bus can be (no DBUS_SESSION_BUS_ADDRESS, no bus socket): a server, CI, cron',
    () => {
      const { binding, calls } = standIn();
      const keyring = new Keyring(
        'inv:/cfg',
        { PATH: process.env.PATH, XDG_RUNTIME_DIR: tempDir('inv-no-bus-') },
        binding,
      );
      expect(keyring.run([{ op: 'get', account: 'p/tokens' }])).toBeUndefined();
      expect(keyring.unavailable).toMatch(/no D-Bus session/);
      expect(() => calls()).toThrow(/ENOENT/);
    },
  );
});
