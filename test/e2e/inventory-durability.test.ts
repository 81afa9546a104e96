/** Sandbox state across restarts and SIGKILL; listing 100,000 items; prompts on a real terminal. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { BIN, childEnv, sandboxInfo, spawnInv } from '../helpers/spawn.js';
import { runInTerminal } from '../helpers/terminal.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

describe('sandbox persistence', () => {
  it('a clean restart on the same --data file keeps every acknowledged change', async () => {
    const data = join(fx.dir, 'restart.json');
    const first = await startTestSandbox({ data, seed: 'empty' });
    const token = first.oauth.issueTokens('inv-cli', '1001', '').access_token;
    const env = { ...fx.env, INV_BASE_URL: first.baseUrl, INV_TOKEN: token };
    const made: string[] = [];
    // Ten changes, each acknowledged before the next is sent: what a restart must keep is each of them.
    for (let i = 0; i < 10; i++) {
      const r = await runInv(['items', 'create', '--msku', `R-${i}`, '--title', `Item ${i}`, '--cond', 'new'], { env });
      expect(r.code).toBe(0);
      made.push(`R-${i}`);
    }
    const loc = JSON.parse(
      (await runInv(['locations', 'create', '--display', 'Kept', '--type', 'shelf', '--order', '1'], { env })).stdout,
    );
    await first.close();
    const second = await startTestSandbox({ data });
    try {
      expect(second.account.state.itemOrder).toEqual(made);
      expect(second.account.state.locations[loc.id]!.display).toBe('Kept');
      expect(second.oauth.tokenInfo(token).userId).toBe('1001');
    } finally {
      await second.close();
    }
  });

  it('a sandbox killed with SIGKILL leaves data that loads, with every acknowledged change', async () => {
    const data = join(fx.dir, 'killed.json');
    const env = childEnv({ INV_CONFIG_DIR: join(fx.dir, 'kill-config') });
    const child = spawn(
      process.execPath,
      [BIN, 'sandbox', '--port', '0', '--data', data, '--seed', 'empty', '--json', '--no-save-profile'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const info = await sandboxInfo(child);
    const { clientId, clientSecret, username, password } = info.login;
    const tokenAnswer = await fetch(`${info.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${clientId}:${clientSecret}`).toString('base64') },
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
    const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
    const invEnv = { ...fx.env, INV_BASE_URL: info.baseUrl, INV_TOKEN: token };
    const acknowledged: string[] = [];
    // Ten changes, the kill right after the last one's answer: a change answered before it is written is lost.
    for (let i = 0; i < 10; i++) {
      const r = await runInv(
        ['items', 'create', '--msku', `K-${i}`, '--title', `Killed ${i}`, '--cond', 'new', '--overwrite'],
        { env: invEnv },
      );
      if (r.code === 0) acknowledged.push(`K-${i}`);
    }
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    expect(existsSync(data)).toBe(true);
    const reloaded = await startTestSandbox({ data });
    try {
      expect(acknowledged).toHaveLength(10);
      for (const msku of acknowledged)
        expect(reloaded.account.state.items[msku]?.title).toBe(`Killed ${msku.slice(2)}`);
    } finally {
      await reloaded.close();
    }
    expect(JSON.parse(readFileSync(data, 'utf8')).inventory.itemOrder).toHaveLength(10);
  });
});

describe('a long listing', () => {
  // A hundred pages, as many as 100,000 items in pages of 1,000 (bench/list-items.mjs measures that size).
  it('inv items list --all --output ndjson returns all 100,000 items, in order', async () => {
    const big = await startTestSandbox({ seed: 'empty', bulkItems: 100_000 });
    try {
      const token = big.oauth.issueTokens('inv-cli', '1001', '').access_token;
      const r = await spawnInv(['items', 'list', '--all', '--output', 'ndjson', '--page-size', '1000'], {
        env: { ...fx.env, INV_BASE_URL: big.baseUrl, INV_TOKEN: token },
      });
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(100_000);
      // Each line is parsed once (every line must be JSON); the checks below read its msku.
      const mskus = lines.map((l) => JSON.parse(l).msku as string);
      expect(mskus[0]).toBe('BULK-0000001');
      expect(mskus[99_999]).toBe('BULK-0100000');
      expect(new Set(mskus).size).toBe(100_000);
      // Every msku in its place: compared one by one (toEqual on 100,000 elements costs 0.2 s), the first misplaced named.
      const inOrder = Array.from({ length: 100_000 }, (_, i) => `BULK-${String(i + 1).padStart(7, '0')}`);
      const misplaced = mskus.findIndex((msku, i) => msku !== inOrder[i]);
      expect(misplaced, `line ${misplaced + 1}: ${mskus[misplaced]} where ${inOrder[misplaced]} belongs`).toBe(-1);
    } finally {
      await big.close();
    }
  }, 120_000);
});

describe('prompts', () => {
  it('asks for a missing location on a terminal, the type from a select list', async () => {
    const { code, screen } = await runInTerminal(['locations', 'create', '-o', 'table'], fx.authed, [
      { when: /Display name:/, send: 'Prompted shelf\r' },
      { when: /Type:[\s\S]*shelf[\s\S]*unfulfillable/, send: '\x1b[B\x1b[B\x1b[B\r' },
      { when: /Sort order/, send: '12\r' },
    ]);
    expect(code).toBe(0);
    expect(screen).toMatch(/Prompted shelf\s+shipment\s+12/);
  });

  it('asks before deactivating on a terminal; "y" goes ahead', async () => {
    await runInv(['items', 'create', '--msku', 'ASK-1', '--title', 'Ask me', '--cond', 'new'], { env: fx.authed });
    const { code, screen } = await runInTerminal(['items', 'deactivate', 'ASK-1', '--json'], fx.authed, [
      { when: /Deactivate ASK-1 \(Ask me\)\?/, send: 'y\r' },
    ]);
    expect(code).toBe(0);
    expect(screen).toMatch(/"inactive": "y"/);
  });

  it('shows import progress on a terminal, and none in a pipe', async () => {
    const csv = join(fx.dir, 'slow.csv');
    (await import('node:fs')).writeFileSync(
      csv,
      // The first row answered draws the line; eight rows at 20 ms keep the import running while it is drawn.
      'msku,title,cond\n' + Array.from({ length: 8 }, (_, i) => `SLOW-${i},Slow ${i},new`).join('\n') + '\n',
    );
    fx.sandbox.inventory.faults.settings.latencyMs = 20;
    try {
      const { code, screen } = await runInTerminal(['items', 'import', csv, '--concurrency', '2'], fx.authed, []);
      expect(code).toBe(0);
      expect(screen).toMatch(/importing items: \d+\/8 rows: \d+ done \(\d+\/s/);
      const piped = await spawnInv(['items', 'import', csv, '--concurrency', '2', '--again'], { env: fx.authed });
      expect(piped.code).toBe(0);
      expect(piped.stderr).not.toMatch(/\x1b\[2K/);
      expect(piped.stderr).toMatch(/8 done, 0 failed/);
    } finally {
      fx.sandbox.inventory.faults.settings.latencyMs = 0;
    }
  });

  it('never asks in a pipe: exit 7 naming the flag, nothing sent', async () => {
    const before = fx.snapshot();
    for (const [args, flag] of [
      [['items', 'create', '--title', 't', '--cond', 'new'], '--msku'],
      [['locations', 'create', '--display', 'd', '--order', '1'], '--type'],
      [['items', 'deactivate', 'MUG-BLUE-11OZ'], '--yes'],
      [['feedback', 'delete', '1-111-2223334-5556667'], '--yes'],
      [['feedback', 'create', '--venue-id', '1'], '--date'],
    ] as const) {
      const r = await runInv([...args], { env: fx.authed });
      expect(r.code, args.join(' ')).toBe(7);
      expect(r.stderr).toContain(`pass ${flag}`);
    }
    expect(fx.snapshot()).toBe(before);
  });
});
