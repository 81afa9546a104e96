/** The sandbox's research API on the wire: key checks, shapes of the spec, formats, categories, persistence. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchKey, signLegacyUrl } from '../../src/auth/research-key.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { BIN, childEnv, sandboxInfo } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  dir = tempDir('sandbox');
  sandbox = await startTestSandbox({ data: join(dir, 'state.json') });
});
afterAll(async () => {
  await sandbox.close();
  removeTempDir(dir);
});

const now = () => Math.floor(Date.now() / 1000);
function key(offset = 0, secret = sandbox.credentials.research.secretKey) {
  return researchKey(sandbox.credentials.research.clientId, secret, now() + offset);
}
async function get(path: string, headers: Record<string, string> = { authorization: key() }) {
  const res = await fetch(sandbox.researchUrl + path, { headers });
  const text = await res.text();
  // A JSON answer, read field by field as each test needs; plain text when it is not JSON.
  // oxlint-disable-next-line typescript/no-explicit-any -- answers of many shapes
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, text };
}

describe('key verification', () => {
  it('accepts the key in the header or as ?key=, timestamps from now to now + 3 h', async () => {
    expect((await get('/v1/fees/B00X4WHP5E?price=10')).status).toBe(200);
    expect((await get(`/v1/fees/B00X4WHP5E?price=10&key=${encodeURIComponent(key())}`, {})).status).toBe(200);
    expect((await get('/v1/fees/B00X4WHP5E?price=10', { authorization: key(3 * 3600) })).status).toBe(200);
  });

  it.each([
    ['no key', () => ({}), /Missing key/],
    ['a stale timestamp', () => ({ authorization: key(-3600) }), /outside the accepted window/],
    ['a timestamp too far ahead', () => ({ authorization: key(5 * 3600) }), /outside the accepted window/],
    ['a wrong secret', () => ({ authorization: key(0, 'wrong') }), /check the SecretKey/],
    ['a Bearer prefix', () => ({ authorization: `Bearer ${key()}` }), /without a Bearer prefix/],
    ['a malformed key', () => ({ authorization: 'abc' }), /Malformed key/],
  ])('answers 401 {Error} for %s', async (_name, headers, message) => {
    const r = await get('/v1/offers/B00X4WHP5E', (headers as () => Record<string, string>)());
    expect(r.status).toBe(401);
    expect(r.body.Error).toMatch(message as RegExp);
    expect(r.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('checks the legacy lookup signature over the full URL', async () => {
    const { merchantId, marketplaceId, secretKey } = sandbox.credentials.research;
    const url = new URL(
      `${sandbox.researchUrl}/v1/lookup?asin=B00X4WHP5E&merchant_id=${merchantId}&marketplace_id=${marketplaceId}&format=pretty`,
    );
    const good = await fetch(signLegacyUrl(url, secretKey, now()));
    expect(good.status).toBe(200);
    const bad = await fetch(signLegacyUrl(url, 'wrong', now()));
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { Error: string }).Error).toMatch(/Signature does not match/);
  });
});

describe('response shapes of the spec', () => {
  it('offers: four arrays of offer objects, the extras, id, timestamp, requestId', async () => {
    const { body } = await get('/v1/offers/B00X4WHP5E?format=pretty');
    expect(Object.keys(body).sort()).toEqual(['extras', 'id', 'offers', 'requestId', 'timestamp', 'type']);
    expect(body.type).toBe('asin');
    const offer = body.offers.fbaNew[0];
    expect(Object.keys(offer).sort()).toEqual(
      [
        'cond',
        'fbcount',
        'fc',
        'multi',
        'number',
        'price',
        'priceLanded',
        'priceShipping',
        'rating',
        'shipdom',
        'shipmax',
        'subcond',
      ].sort(),
    );
    for (const field of [
      'newLowest',
      'newCount',
      'usedLowest',
      'usedCount',
      'msrp',
      'salesrank',
      'azprice',
      'tradeInPrice',
      'usedBuybox',
      'newBuybox',
      'ean',
      'upc',
      'newLowestLanded',
      'usedLowestLanded',
      'megaseller',
      'category',
      'totalFbaUsed',
      'totalFbaNew',
      'totalFba',
      'totalMerchantUsed',
      'totalMerchantNew',
      'totalMerchant',
    ]) {
      expect(body.extras).toHaveProperty(field);
    }
    expect(body.extras.ean === null || typeof body.extras.ean === 'string').toBe(true);
  });

  it('fees: data with sizeTier, mfnFees and fbaFees; price is required', async () => {
    const { body } = await get('/v1/fees/B00X4WHP5E?price=19.99');
    expect(Object.keys(body.data.fbaFees).sort()).toEqual([
      'azComm',
      'azVar',
      'category',
      'fbaOrder',
      'fbaPick',
      'fbaWeight',
      'feesTotal',
      'netIncome',
      'price',
      'revenue',
    ]);
    const missing = await get('/v1/fees/B00X4WHP5E');
    expect(missing.status).toBe(400);
    expect(missing.body.Error).toMatch(/price is required/);
  });

  it('search: exactly one criterion; /item is shorthand for asin', async () => {
    expect((await get('/v1/search?keyword=x&asin=B00X4WHP5E')).status).toBe(400);
    expect((await get('/v1/search')).body.Error).toMatch(/Exactly one of asin, upc, ean, isbn, keyword/);
    const item = await get('/v1/item/B00X4WHP5E');
    const search = await get('/v1/search?asin=B00X4WHP5E');
    expect(item.body.searchCatalogs.result).toEqual(search.body.searchCatalogs.result);
  });

  it('rejects malformed ASINs and formats with 400', async () => {
    expect((await get('/v1/offers/short')).status).toBe(400);
    expect((await get('/v1/offers/B00X4WHP5E?format=xml')).body.Error).toMatch(/format must be one of/);
  });

  it('getAsinCategories has only categoryMappings (lower-case c path too); an id can repeat with another name', async () => {
    // Categories with an alias list their id twice: some of these ASINs fall in one.
    const asins = Array.from({ length: 40 }, (_, i) => `B0TEST${String(i).padStart(4, '0')}`);
    let repeated = false;
    for (const asin of asins) {
      const { body } = await get(`/v1/getAsincategories/${asin}`);
      expect(Object.keys(body)).toEqual(['categoryMappings']);
      const ids = body.categoryMappings.map((m: { categoryId: string }) => m.categoryId);
      if (new Set(ids).size < ids.length) repeated = true;
    }
    expect(repeated).toBe(true);
  });
});

describe('persistence and the inv sandbox command', () => {
  it('keeps credentials and known categories across a restart of the same data file', async () => {
    const file = join(dir, 'restart.json');
    const first = await startTestSandbox({ data: file });
    const k = researchKey(first.credentials.research.clientId, first.credentials.research.secretKey, now());
    const asinCats = (await (
      await fetch(`${first.researchUrl}/v1/getAsinCategories/B00X4WHP5E`, { headers: { authorization: k } })
    ).json()) as { categoryMappings: Array<{ categoryId: string }> };
    await first.close();
    const second = await startTestSandbox({ data: file });
    try {
      expect(second.credentials.research).toEqual(first.credentials.research);
      const id = asinCats.categoryMappings[0]!.categoryId;
      const k2 = researchKey(second.credentials.research.clientId, second.credentials.research.secretKey, now());
      const res = await fetch(`${second.researchUrl}/v1/getCategoryById/${id}`, { headers: { authorization: k2 } });
      expect(res.status).toBe(200);
    } finally {
      await second.close();
    }
    expect(JSON.parse(readFileSync(file, 'utf8')).research.knownCategories.length).toBeGreaterThan(0);
  });

  it('starts from bin/inv, writes the sandbox profile, serves, and stops cleanly on SIGINT', async () => {
    const env = childEnv({ INV_CONFIG_DIR: join(dir, 'cli-config'), INV_STATE_DIR: join(dir, 'cli-state') });
    const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--json'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const info = await sandboxInfo(child);
    expect(info.researchUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.dataFile).toBe(join(dir, 'cli-state', 'sandbox.json'));
    const fees = await new Promise<{ code: number; out: string }>((resolve) => {
      const c = spawn(
        process.execPath,
        [BIN, '--profile', 'sandbox', 'fees', 'B00X4WHP5E', '--price', '10', '--json'],
        { env },
      );
      let out = '';
      c.stdout.on('data', (d) => (out += d));
      c.on('close', (code) => resolve({ code: code ?? -1, out }));
    });
    expect(fees.code).toBe(0);
    expect(JSON.parse(fees.out)[0].asin).toBe('B00X4WHP5E');
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toMatch(/sandbox stopped; state saved/);
    expect(JSON.parse(readFileSync(info.dataFile, 'utf8')).research.account.clientId).toBe(info.research.clientId);
  });
});
