/** The smaller points of a first hour: an unset config key, hints that carry --profile, the README's batch exit table. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await sandboxFixture();
  expect((await runInv(['profile', 'create', 'night'], { env: fx.env })).code).toBe(0);
});
afterAll(() => fx.close());

describe('inv config get', () => {
  it('an unset key exits 3 with a message naming the key and the profile (stdout empty)', async () => {
    const r = await runInv(['--profile', 'night', 'config', 'get', 'clientSecret'], { env: fx.env });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/clientSecret is not set in profile "night"/);
  });
});

describe('hints carry the --profile in use', () => {
  it('the config set warning about a secret in argv', async () => {
    const r = await runInv(
      ['--profile', 'night', 'config', 'set', 'clientSecret', 'shh', '--for', fx.env.INV_AUTH_URL],
      { env: fx.env },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/next time use: inv --profile night config set clientSecret --stdin/);
  });
});

describe('a rejected research key', () => {
  it('the hint names where each credential really came from (--client-id, stdin), not "the command line" for both', async () => {
    const r = await runInv(
      ['--profile', 'night', 'research', 'login', '--client-id', 'not-a-client', '--secret-stdin'],
      { env: fx.env, stdin: 'not-the-secret\n' },
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /the ClientId \("not-a-client"\) came from --client-id and the SecretKey from stdin \(--secret-stdin\)/,
    );
  });
});

describe('the README', () => {
  it('batch exit table lists 7 (input needed) and 143 (SIGTERM)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.split('What each exit code means to a script running a batch:')[1]!.split('\n## ')[0]!;
    expect(table).toMatch(/^\| 7 \| /m);
    expect(table).toMatch(/^\| 143 \| /m);
  });
});
