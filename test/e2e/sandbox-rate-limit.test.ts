/** The sandbox's token bucket per account: 429 before anything is applied, Retry-After, rate headers, run-time control. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_REFUSALS } from '../fixtures/rate-limit-refusals.js';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { startSandboxCommand } from '../helpers/sandbox-command.js';
import { sleep } from '../helpers/wait.js';

let fx: InventoryFixture;
let demo: string;
beforeAll(async () => {
  // One token every 2 s: the first four requests land well within that, however loaded the machine.
  fx = await inventoryFixture({ rateLimit: 0.5, burst: 2, rateHeaders: true });
  demo = fx.authed.INV_TOKEN!;
});
afterAll(() => fx.close());

const qty = (msku: string, location: string) => fx.sandbox.account.stockOf(msku, location)?.quantity ?? 0;
const json = { 'content-type': 'application/json' };

function api(path: string, token: string | undefined, init: RequestInit = {}): Promise<Response> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return fetch(`${fx.sandbox.baseUrl}${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
  });
}

const move = (token: string, msku: string, quantity: number, from: number, to: number) =>
  api('/v1/doMoveItem', token, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ msku, quantity, fromLocationId: from, toLocationId: to }),
  });

function control(method: string, body?: unknown): Promise<Response> {
  return fetch(`${fx.sandbox.baseUrl}/_sandbox/rate-limit`, {
    method,
    headers: json,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Sets a limit at run time (buckets start full); fails the test if the sandbox refuses it. */
async function limit(body: Record<string, unknown>): Promise<void> {
  const res = await control('PUT', body);
  expect(res.status, await res.text()).toBe(200);
}

describe('a sandbox started with rateLimit 0.5, burst 2', () => {
  it('answers the 3rd immediate doMoveItem 429 with Retry-After, before the move is applied', async () => {
    const [mug1, mug2, puzzle1, puzzle2] = [
      qty('MUG-BLUE-11OZ', '1'),
      qty('MUG-BLUE-11OZ', '2'),
      qty('PUZZLE-1000', '1'),
      qty('PUZZLE-1000', '2'),
    ];
    expect((await move(demo, 'MUG-BLUE-11OZ', 1, 1, 2)).status).toBe(200);
    expect((await move(demo, 'MUG-BLUE-11OZ', 1, 1, 2)).status).toBe(200);
    const third = await move(demo, 'PUZZLE-1000', 7, 2, 1);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('2');
    expect(third.headers.get('x-amzn-ratelimit-limit')).toBe('0.5');
    expect(await third.json()).toEqual({
      status: 'error',
      code: 429,
      httpCode: '429',
      message: 'rate limit exceeded: 0.5 requests/s per account, burst 2',
    });
    expect([qty('MUG-BLUE-11OZ', '1'), qty('MUG-BLUE-11OZ', '2')]).toEqual([mug1 - 2, mug2 + 2]);
    expect([qty('PUZZLE-1000', '1'), qty('PUZZLE-1000', '2')]).toEqual([puzzle1, puzzle2]);
    // An increment refused the same way changes nothing either; after Retry-After it goes through.
    const id = fx.sandbox.account.stockOf('PUZZLE-1000', '2')!.id;
    expect((await api(`/v1/itemLocations/${id}?increment=5`, demo, { method: 'POST' })).status).toBe(429);
    expect(qty('PUZZLE-1000', '2')).toBe(puzzle2);
    await sleep(2000); // the point: after the Retry-After of 2 s, the bucket lets the increment through
    const later = await api(`/v1/itemLocations/${id}?increment=5`, demo, { method: 'POST' });
    expect(later.status).toBe(200);
    expect(later.headers.get('x-amzn-ratelimit-limit')).toBe('0.5');
    expect(qty('PUZZLE-1000', '2')).toBe(puzzle2 + 5);
  });
});

describe('PUT/GET/DELETE /_sandbox/rate-limit', () => {
  it('checks each field and names it in a 400', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ burst: 2 }, /rate limit: rate /],
      [{ rate: 0 }, /rate limit: rate /],
      [{ rate: 'fast' }, /rate limit: rate /],
      [{ rate: 5, burst: 2.5 }, /rate limit: burst /],
      [{ rate: 5, retryAfter: 'yes' }, /rate limit: retryAfter /],
      [{ rate: 5, headers: 'on' }, /rate limit: headers /],
      [{ rate: 5, limit: 5 }, /rate limit: limit /],
    ];
    for (const [body, message] of cases) {
      const res = await control('PUT', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
  });

  it('counts what was let through and what was refused since the limit was set; DELETE lifts it', async () => {
    await limit({ rate: 1, burst: 3, headers: false });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await api('/v1/whoami', demo)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const shown = await (await control('GET')).json();
    expect(shown).toEqual({ rate: 1, burst: 3, retryAfter: true, headers: false, allowed: 3, throttled: 2 });
    // OAuth endpoints and the control routes are not limited.
    expect((await fetch(`${fx.sandbox.baseUrl}/oauth2/tokeninfo?access_token=${demo}`)).status).toBe(200);
    expect((await api('/v1/whoami', demo)).headers.get('x-amzn-ratelimit-limit')).toBeNull();
    expect((await control('DELETE')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await api('/v1/whoami', demo)).status).toBe(200);
    expect(await (await control('GET')).json()).toMatchObject({ rate: 0, allowed: 20, throttled: 0 });
  });

  it('retryAfter false answers 429 without Retry-After; headers true sends x-amzn-RateLimit-Limit', async () => {
    await limit({ rate: 2, burst: 1, retryAfter: false, headers: true });
    const first = await api('/v1/whoami', demo);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-amzn-ratelimit-limit')).toBe('2');
    const refused = await api('/v1/whoami', demo);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(refused.headers.get('x-amzn-ratelimit-limit')).toBe('2');
  });
});

describe('buckets', () => {
  it('are per account: another user has its own; two tokens of one user share one; requests without a token share one per address', async () => {
    await fx.sandbox.oauth.addUser({
      id: '2002',
      username: 'second',
      email: 'second@example.com',
      name: 'Second Seller',
      password: 'second-password-1',
    });
    const { partner } = fx.sandbox.credentials;
    const second = fx.sandbox.oauth.issueTokens(partner.clientId, '2002', '').access_token;
    const demoAgain = fx.sandbox.oauth.issueTokens(partner.clientId, '1001', '').access_token;
    await limit({ rate: 0.5, burst: 1 });
    expect((await api('/v1/whoami', demo)).status).toBe(200);
    expect((await api('/v1/whoami', demo)).status).toBe(429);
    expect((await api('/v1/whoami', demoAgain)).status).toBe(429);
    const other = await api('/v1/whoami', second);
    expect(other.status).toBe(200);
    expect(((await other.json()) as { user: string }).user).toBe('2002');
    expect((await api('/v1/whoami', second)).status).toBe(429);
    expect((await api('/v1/whoami', undefined)).status).toBe(401);
    expect((await api('/v1/whoami', 'not-a-token')).status).toBe(429);
  });
});

describe('inv sandbox --rate-limit', () => {
  it('refuses bad values with exit 2, naming the flag', async () => {
    const env = { INV_CONFIG_DIR: join(fx.dir, 'flags-config'), INV_STATE_DIR: join(fx.dir, 'flags-state') };
    for (const [flags, message] of RATE_LIMIT_REFUSALS) {
      const r = await runInv(['sandbox', '--port', '0', '--ephemeral', ...flags], { env });
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr, flags.join(' ')).toMatch(message);
    }
  });

  it('--no-retry-after: inv sandbox answers 429 without Retry-After, and shows its limit', async () => {
    const sandbox = await startSandboxCommand(
      ['--port', '0', '--ephemeral', '--no-save-profile', '--rate-limit', '2', '--burst', '1', '--no-retry-after'],
      { INV_CONFIG_DIR: join(fx.dir, 'command-config') },
    );
    try {
      const { info } = sandbox;
      expect(await (await fetch(`${info.baseUrl}/_sandbox/rate-limit`)).json()).toEqual({
        rate: 2,
        burst: 1,
        retryAfter: false,
        headers: false,
        allowed: 0,
        throttled: 0,
      });
      expect((await fetch(`${info.baseUrl}/v1/whoami`)).status).toBe(401);
      const refused = await fetch(`${info.baseUrl}/v1/whoami`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeNull();
      expect(((await refused.json()) as { message: string }).message).toBe(
        'rate limit exceeded: 2 requests/s per account, burst 1',
      );
    } finally {
      await sandbox.stop();
    }
  });
});
