/** The sandbox never crashes on a request, never trusts the request for its own address, and keeps no usable secret on disk. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { challengeOf } from '../../src/auth/pkce.js';
import { HttpFail } from '../../src/sandbox/http.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { sandboxFixture, startTestSandbox, type SandboxFixture } from '../helpers/sandbox.js';
import { BIN, childEnv, sandboxInfo } from '../helpers/spawn.js';
import { postConsent, type TokenAnswer } from '../helpers/oauth.js';
import { waitFor } from '../helpers/wait.js';

let fx: SandboxFixture;
let token: string;
beforeAll(async () => {
  fx = await sandboxFixture();
  token = fx.sandbox.oauth.issueTokens('inv-cli', '1001', '', true).access_token;
});
afterAll(() => fx.close());

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${fx.sandbox.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });

/** A GET with a chosen Host header; resolves to the JSON body. */
function getWithHost(url: string, host: string): Promise<{ data: { items: [{ link: string }] } }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('control requests', () => {
  it('malformed fault rules are refused with 400 and the sandbox stays up', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'sandbox', '--port', '0', '--ephemeral', '--json', '--no-save-profile'],
      {
        env: childEnv({ INV_CONFIG_DIR: join(fx.dir, 'hardening-config') }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const info = await sandboxInfo(child);
      for (const rule of [
        { status: 'abc', times: 1 },
        { status: 42, times: 1 },
        { status: 503, times: 1, retryAfter: '1\r\nX-Evil: 1' },
        { status: 503, times: 'many' },
      ]) {
        const res = await fetch(`${info.baseUrl}/_sandbox/faults`, {
          method: 'POST',
          body: JSON.stringify(rule),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, JSON.stringify(rule)).toBe(400);
      }
      const after = await fetch(`${info.baseUrl}/oauth2/tokeninfo?access_token=x`);
      expect(after.status).toBe(400);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    }
  });

  it('a handler that throws answers 500 with a request id; the next request is served', async () => {
    fx.sandbox.inventory.route('GET', '/v1/_test/throws', () => {
      throw new TypeError('boom');
    });
    const res = await api('/v1/_test/throws');
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(id).toBeTruthy();
    expect(await res.text()).toContain(id!);
    expect((await api('/v1/whoami')).status).toBe(200);
  });

  it("every answer's request id is its own: 12 hex digits, none twice in one sandbox or across two", async () => {
    const other = await startTestSandbox();
    try {
      const ids = async (baseUrl: string) =>
        Promise.all(
          Array.from({ length: 20 }, async () => {
            const res = await fetch(`${baseUrl}/v1/whoami`);
            await res.body?.cancel();
            return res.headers.get('x-request-id');
          }),
        );
      const all = [...(await ids(fx.sandbox.baseUrl)), ...(await ids(other.baseUrl))];
      for (const id of all) expect(id).toMatch(/^[0-9a-f]{12}$/);
      expect(new Set(all).size).toBe(all.length);
    } finally {
      await other.close();
    }
  });

  it('a client that leaves in the middle of its body is one plain log line, not a stack trace', async () => {
    const logged: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (logged.push(String(chunk)), true));
    try {
      const { port } = new URL(fx.sandbox.baseUrl);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const head = [
        'POST /v1/items HTTP/1.1',
        'Host: sandbox',
        'Content-Type: application/json',
        'Content-Length: 100',
      ];
      socket.write(`${[...head, `Authorization: Bearer ${token}`].join('\r\n')}\r\n\r\n{"msku":`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      const line = await waitFor(() => logged.find((l) => l.includes('sandbox: request')), { what: 'the log line' });
      expect(line).toMatch(
        /^sandbox: request [0-9a-f]{12}: the client closed the connection before its request ended\n$/,
      );
      expect(logged.join('')).not.toMatch(/\n\s+at /);
    } finally {
      write.mockRestore();
    }
    expect((await api('/v1/whoami')).status).toBe(200);
  });

  it('a failure while answering an error keeps the request id the request was given', async () => {
    fx.sandbox.inventory.route('GET', '/v1/_test/bad-header', () => {
      throw new HttpFail(418, 'a header no answer can carry', { 'x-bad': 'a\r\nb' });
    });
    const res = await api('/v1/_test/bad-header');
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(await res.text()).toContain(`request id ${id}`);
  });
});

describe("requests are not trusted for the sandbox's own address or for more than they say", () => {
  it('links come from the configured origin, not the Host header', async () => {
    const body = await getWithHost(`${fx.sandbox.baseUrl}/v1/items?limit=1`, 'evil.example:666');
    expect(JSON.stringify(body)).not.toContain('evil.example');
    expect(body.data.items[0].link.startsWith(fx.sandbox.baseUrl)).toBe(true);
  });

  it('a JSON endpoint answers 415 to a form-encoded body and changes nothing', async () => {
    const before = JSON.stringify(fx.sandbox.account.state.itemLocations);
    const res = await api('/v1/doMoveItem', {
      method: 'POST',
      body: 'msku=MUG-BLUE-11OZ&quantity=1&fromPurchaseId=5001&toLocationId=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(JSON.stringify(fx.sandbox.account.state.itemLocations)).toBe(before);
  });

  it('a JSON body nested deeper than 64 levels is 400, not 500; the sandbox keeps serving', async () => {
    for (const depth of [100_000, 65]) {
      const res = await api('/v1/items', {
        method: 'POST',
        body: '['.repeat(depth) + ']'.repeat(depth),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `depth ${depth}`).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/deeper than 64/);
    }
    expect((await api('/v1/items?limit=1')).status).toBe(200);
  });

  it('repeated query parameters and integers beyond 2^53-1 are 400', async () => {
    const id = Object.keys(fx.sandbox.account.state.itemLocations)[0]!;
    const before = fx.sandbox.account.state.itemLocations[id]!.quantity;
    expect((await api(`/v1/itemLocations/${id}?increment=1&increment=2`, { method: 'POST' })).status).toBe(400);
    expect((await api(`/v1/itemLocations/${id}?increment=9007199254740993`, { method: 'POST' })).status).toBe(400);
    const move = await api('/v1/doMoveItem', {
      method: 'POST',
      body: '{"msku":"MUG-BLUE-11OZ","quantity":9007199254740993,"fromPurchaseId":"5001","toLocationId":"1"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(move.status).toBe(400);
    expect(fx.sandbox.account.state.itemLocations[id]!.quantity).toBe(before);
  });
});

describe('the data file', () => {
  it('holds only hashes of tokens and codes, and scrypt hashes of passwords', async () => {
    const data = join(fx.dir, 'secrets.json');
    const sandbox = await startSandbox({ port: 0, data });
    const { clientId, clientSecret, username, password } = sandbox.credentials.oauth;
    const basic = 'Basic ' + Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const grant = (await (
      await fetch(`${sandbox.authUrl}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', username, password }),
        headers: { authorization: basic },
      })
    ).json()) as TokenAnswer;
    const redirectUri = 'http://127.0.0.1:5/callback';
    const authorize = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 's',
      code_challenge: challengeOf('v'.repeat(43)),
      code_challenge_method: 'S256',
    });
    const location = (
      await postConsent(`${sandbox.authUrl}/oauth2/auth?${authorize}`, { username, password })
    ).headers.get('location')!;
    const code = new URL(location).searchParams.get('code')!;
    const fromCode = (await (
      await fetch(`${sandbox.authUrl}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: 'v'.repeat(43),
          client_id: clientId,
          client_secret: clientSecret,
        }),
      })
    ).json()) as TokenAnswer;
    await sandbox.close();
    const stored = readFileSync(data, 'utf8') + readFileSync(`${data}.log`, 'utf8');
    for (const secret of [
      grant.access_token,
      grant.refresh_token,
      fromCode.access_token,
      fromCode.refresh_token,
      code,
      clientSecret,
      password,
    ]) {
      expect(secret).toBeTruthy();
      expect(stored).not.toContain(secret);
    }
    expect(stored).toMatch(/scrypt\$/);
  });
});
