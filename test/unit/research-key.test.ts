import { describe, expect, it } from 'vitest';
import { legacySignature, md5, researchKey, signLegacyUrl } from '../../src/auth/research-key.js';
import { researchAuthHook } from '../../src/auth/research-hook.js';
import { READ_POLICY } from '../../src/http/retry.js';
import type { HttpRequest, HttpResponse } from '../../src/http/http-types.js';

describe('research key', () => {
  it('matches the public client test vector', () => {
    expect(researchKey('BenjaminTest', 'MySecretKeyIsSoGood', 1420583425)).toBe(
      '1420583425|BenjaminTest|a4f22bc411408ba1f29edb6c1c89b7d6',
    );
  });

  it('hashes timestamp + ClientId + SecretKey in that order', () => {
    const key = researchKey('id', 'secret', 100);
    expect(key).toBe(`100|id|${md5('100idsecret')}`);
    expect(key).not.toBe(`100|id|${md5('idsecret100')}`);
  });

  it('signs legacy URLs over everything up to and including ts, with sig last', () => {
    const url = new URL('http://h:1/v1/lookup?asin=B00X4WHP5E&merchant_id=M&marketplace_id=X&format=pretty');
    const signed = signLegacyUrl(url, 'S', 1700000000);
    const [throughTs, sig] = signed.href.split('&sig=') as [string, string];
    expect(throughTs.endsWith('&ts=1700000000')).toBe(true);
    expect(sig).toBe(legacySignature('S', throughTs));
    expect(sig).toBe(md5('S' + throughTs));
  });
});

describe('research auth hook', () => {
  const base: HttpRequest = {
    operation: 'fees',
    method: 'GET',
    url: new URL('http://h/v1/fees/A?price=1'),
    headers: {},
    retry: READ_POLICY,
    auth: 'research-key',
  };
  const capture = async (hook: ReturnType<typeof researchAuthHook>, req: HttpRequest) => {
    let seen: HttpRequest | undefined;
    await hook(req, async (r) => {
      seen = r;
      return { status: 200, headers: {}, text: '', durationMs: 0 } satisfies HttpResponse;
    });
    return seen!;
  };

  it('puts a fresh key in the Authorization header, with keyOffset added to the timestamp', async () => {
    let now = 1_000_000_000_000;
    const hook = researchAuthHook({ clientId: 'c', secretKey: 's', keyOffset: 60, keyIn: 'header' }, () => now);
    const first = await capture(hook, base);
    now += 5000;
    const second = await capture(hook, base);
    expect(first.headers.authorization).toBe(researchKey('c', 's', 1_000_000_060));
    expect(second.headers.authorization).toBe(researchKey('c', 's', 1_000_000_065));
    expect(first.url.searchParams.has('key')).toBe(false);
  });

  it('can send the key as ?key= instead', async () => {
    const hook = researchAuthHook(
      { clientId: 'c', secretKey: 's', keyOffset: 0, keyIn: 'query' },
      () => 2_000_000_000_000,
    );
    const req = await capture(hook, base);
    expect(req.url.searchParams.get('key')).toBe(researchKey('c', 's', 2_000_000_000));
    expect(req.headers.authorization).toBeUndefined();
  });

  it('leaves requests of other schemes alone', async () => {
    const hook = researchAuthHook({ clientId: 'c', secretKey: 's', keyOffset: 0, keyIn: 'header' });
    const req = await capture(hook, { ...base, auth: 'bearer' });
    expect(req.headers.authorization).toBeUndefined();
  });
});
