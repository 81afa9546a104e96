/** The failures of issue "Foundation": each with its exit code, a clear message, and no stray request. */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { runInv } from '../helpers/io.js';
import { spawnInv } from '../helpers/spawn.js';
import { runInTerminal } from '../helpers/terminal.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await sandboxFixture();
});
afterAll(() => fx.close());
beforeEach(() => fx.sandbox.research.faults.clear());

const A = 'B00X4WHP5E';
/** inv in-process (main); `spawned` where what a whole process prints is the point. */
const inv = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runInv(args, { env: { ...fx.env, ...env }, stdin: input });
const spawned = (args: string[], env: Record<string, string> = {}) => spawnInv(args, { env: { ...fx.env, ...env } });
const requests = (prefix = '/v1/') => fx.sandbox.research.stats.count(prefix);

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('credentials', () => {
  it('a wrong secret exits 4 and says to fix the SecretKey', async () => {
    const r = await inv(['fees', A, '--price', '10'], { INV_RESEARCH_SECRET: 'not-the-secret' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/SecretKey/);
    expect(r.stderr).toMatch(/the SecretKey from INV_RESEARCH_SECRET/);
    expect(r.stderr).toMatch(/inv --profile default research login/);
    expect(r.stdout).toBe('');
  });

  it('a wrong ClientId exits 4 and says to fix the ClientId', async () => {
    const r = await inv(['fees', A, '--price', '10'], { INV_RESEARCH_CLIENT_ID: 'someone-else' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/Unknown ClientId "someone-else"/);
  });

  it('no research key at all exits 4 before any request', async () => {
    const before = requests();
    const r = await inv(['fees', A, '--price', '10'], { INV_RESEARCH_CLIENT_ID: '', INV_RESEARCH_SECRET: '' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/no research key/);
    expect(requests()).toBe(before);
  });
});

describe('validation before any request (exit 2)', () => {
  it.each([
    [['fees', 'B00', '--price', '10'], /"B00" is not a valid ASIN/],
    [['offers', A, 'nope!'], /"nope!" is not a valid ASIN/],
    [['fees', A, '--price', '-3'], /--price "-3" is not a valid price/],
    [['fees', A, '--price', '10', '--fields', 'asin,nosuchfield'], /unknown field "nosuchfield"/],
    [['offers', A, '--fields', 'bogus'], /unknown field "bogus"/],
    [['search'], /exactly one of KEYWORD, --asin, --upc, --ean/],
    [['categories'], /exactly one of ASIN or --id/],
    [['fees', A, '--price', '10', '--timeout', 'soon'], /--timeout/],
    [['fees', A, '--price', '10', '--research-url', 'not a url'], /--research-url/],
  ])('inv %j', async (args, message) => {
    const before = requests();
    const r = await inv(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stdout).toBe('');
    expect(requests()).toBe(before);
  });
});

describe('service trouble', () => {
  it('exits 1 naming the URL when the service is down', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = await inv(['fees', A, '--price', '10'], { INV_RESEARCH_URL: url });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(url);
    expect(r.stderr).toMatch(/cannot connect/);
  });

  it('retries a 503 and succeeds', async () => {
    fx.sandbox.research.faults.add({ status: 503, times: 1, path: `/v1/fees/${A}` });
    const before = requests(`/v1/fees/${A}`);
    const r = await inv(['fees', A, '--price', '10', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)[0].asin).toBe(A);
    expect(requests(`/v1/fees/${A}`) - before).toBe(2);
  });

  it('waits out a 429 with Retry-After and succeeds', async () => {
    fx.sandbox.research.faults.add({ status: 429, times: 2, path: '/v1/offers', retryAfter: 0 });
    const before = requests('/v1/offers');
    const r = await inv(['offers', A, '--json', '--verbose']);
    expect(r.code).toBe(0);
    expect(requests('/v1/offers') - before).toBe(3);
    expect(r.stderr).toMatch(/HTTP 429; retry 1 in \d+ ms/);
  });

  it('exits 5 at once when the API asks to wait longer than a command waits (30 s, or --wait)', async () => {
    fx.sandbox.research.faults.add({ status: 429, times: 1, path: '/v1/item', retryAfter: 31 });
    const before = requests('/v1/item');
    const r = await inv(['item', A]);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/rate limited after 1 attempt\(s\) \(the API asks to wait 31 s\)/);
    expect(requests('/v1/item') - before).toBe(1);
  });

  it('gives up after --timeout without repeating the request', async () => {
    fx.sandbox.research.faults.settings.latencyMs = 2000;
    const before = requests('/v1/fees');
    const r = await inv(['fees', A, '--price', '10', '--timeout', '0.5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no answer from http:\/\/127\.0\.0\.1:\d+ in time/);
    expect(requests('/v1/fees') - before).toBe(1);
  });

  it('exits 1 with the status when a 503 persists', async () => {
    fx.sandbox.research.faults.add({ status: 503, times: 10, path: '/v1/search' });
    const r = await inv(['search', 'x']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/answered 503 after 4 attempts/);
  });
});

describe('prompting', () => {
  it('exits 7 naming --price when stdin is not a terminal', async () => {
    const before = requests();
    const r = await inv(['fees', A]);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/pass --price/);
    expect(requests()).toBe(before);
  });

  it('asks for the price on a terminal, then shows the table', async () => {
    const { code, screen } = await runInTerminal(['fees', A], fx.env, [{ when: /Selling price/, send: '12.50\r' }]);
    expect(code).toBe(0);
    expect(screen).toMatch(/MFN NET/);
    expect(screen).toMatch(new RegExp(`${A}\\s+12\\.50`));
  });

  it('does not ask when CI is set, even on a terminal', async () => {
    const { code, screen } = await runInTerminal(['fees', A], { ...fx.env, CI: '1' }, [], 10_000);
    expect(code).toBe(7);
    expect(screen).toMatch(/pass --price/);
  });

  it('does not ask with --non-interactive, even on a terminal', async () => {
    const { code, screen } = await runInTerminal(['fees', A, '--non-interactive'], fx.env, []);
    expect(code).toBe(7);
    expect(screen).toMatch(/pass --price/);
  });
});

describe('--verbose', () => {
  it('logs requests with no secret, key or signature', async () => {
    const { secretKey, clientId, merchantId } = fx.sandbox.credentials.research;
    const runs = [
      await spawned(['fees', A, '--price', '10', '--verbose']),
      await spawned(['lookup', A, '--merchant-id', merchantId, '--verbose']),
      await spawned(['fees', A, '--price', '10', '--verbose'], { INV_RESEARCH_SECRET: 'wrong-secret-value' }),
    ];
    const log = runs.map((r) => r.stderr + r.stdout).join('\n');
    expect(log).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/v1\/fees\/B00X4WHP5E\?price=10\.00/);
    expect(log).toMatch(/authorization: \[redacted\]/);
    expect(log).toMatch(/sig=\[redacted\]/);
    expect(log).not.toContain(secretKey);
    expect(log).not.toContain('wrong-secret-value');
    expect(log).not.toContain(`|${clientId}|`);
    expect(log).not.toMatch(/[0-9a-f]{32}/);
  });
});
