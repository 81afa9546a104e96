import { describe, expect, it } from 'vitest';
import { researchAuthHook, skewFromAnswer } from '../../src/auth/research-hook.js';
import type { HttpRequest, HttpResponse } from '../../src/http/http-types.js';
import { READ_POLICY } from '../../src/http/retry.js';

const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const creds = { clientId: 'c', secretKey: 's', keyOffset: 0, keyIn: 'header' as const };
const req: HttpRequest = {
  operation: 'fees',
  method: 'GET',
  url: new URL('http://r.test/v1/fees/B00X4WHP5E'),
  headers: {},
  retry: READ_POLICY,
  auth: 'research-key',
};

/** A fake server whose clock is `skewS` ahead: 401 with its timestamp unless the key's time is within 60 s of its own. */
function server(skewS: number, sent: string[]) {
  return async (r: HttpRequest): Promise<HttpResponse> => {
    const ts = Number(r.headers.authorization!.split('|')[0]);
    sent.push(String(ts));
    const serverS = NOW / 1000 + skewS;
    if (Math.abs(ts - serverS) > 60)
      return {
        status: 401,
        headers: {},
        durationMs: 1,
        text: JSON.stringify({ Error: 'bad time', timestamp: new Date(serverS * 1000).toISOString() }),
      };
    return { status: 200, headers: {}, durationMs: 1, text: '{}' };
  };
}

describe('clock skew', () => {
  it('reads the server clock from a 401 body', () => {
    expect(skewFromAnswer({ text: JSON.stringify({ timestamp: '2026-11-20T12:00:00.400Z' }) }, NOW)).toBe(7200);
    expect(skewFromAnswer({ text: 'not json' }, NOW)).toBeUndefined();
    expect(skewFromAnswer({ text: '{"Error":"x"}' }, NOW)).toBeUndefined();
  });

  it('retries once on the server time, reports the skew once and keeps it for the next requests', async () => {
    const sent: string[] = [];
    const corrected: number[] = [];
    const hook = researchAuthHook(creds, () => NOW, { onCorrected: (s) => void corrected.push(s) });
    const send = server(7200, sent);
    expect((await hook(req, send)).status).toBe(200);
    expect((await hook(req, send)).status).toBe(200);
    expect(sent.map(Number)).toEqual([NOW / 1000, NOW / 1000 + 7200, NOW / 1000 + 7200]);
    expect(corrected).toEqual([7200]);
  });

  it('does not retry when the clock is not the problem, nor more than once', async () => {
    const sent: string[] = [];
    const hook = researchAuthHook(creds, () => NOW);
    const res = await hook(req, async (r) => {
      sent.push(r.headers.authorization!);
      return {
        status: 401,
        headers: {},
        durationMs: 1,
        text: JSON.stringify({ Error: 'bad hash', timestamp: new Date(NOW + 10_000).toISOString() }),
      };
    });
    expect(res.status).toBe(401);
    expect(sent).toHaveLength(1);
    const twice: string[] = [];
    const skewed = researchAuthHook({ ...creds, secretKey: 'wrong' }, () => NOW);
    await skewed(req, async (r) => {
      twice.push(r.headers.authorization!);
      return {
        status: 401,
        headers: {},
        durationMs: 1,
        text: JSON.stringify({ Error: 'bad', timestamp: new Date(NOW + 7_200_000).toISOString() }),
      };
    });
    expect(twice).toHaveLength(2);
  });

  it('starts from a kept skew', async () => {
    const sent: string[] = [];
    const hook = researchAuthHook({ ...creds, clockSkew: 7200 }, () => NOW);
    expect((await hook(req, server(7200, sent))).status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('retries from a difference of exactly minSkewS, and keeps no skew whose retry was refused too', async () => {
    const sent: string[] = [];
    const corrected: number[] = [];
    const hook = researchAuthHook(creds, () => NOW, { onCorrected: (s) => void corrected.push(s) });
    const refused =
      (ahead: number) =>
      async (r: HttpRequest): Promise<HttpResponse> => {
        sent.push(r.headers.authorization!.split('|')[0]!);
        return {
          status: 401,
          headers: {},
          durationMs: 1,
          text: JSON.stringify({ Error: 'bad', timestamp: new Date(NOW + ahead * 1000).toISOString() }),
        };
      };
    expect((await hook(req, refused(60))).status).toBe(401);
    expect(sent.map(Number)).toEqual([NOW / 1000, NOW / 1000 + 60]);
    expect(corrected).toEqual([]);
    sent.length = 0;
    await hook(req, refused(3600));
    expect(sent.map(Number), 'the refused skew was not kept').toEqual([NOW / 1000, NOW / 1000 + 3600]);
  });
});
