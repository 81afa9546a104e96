/**
 * Nothing lost, nothing stale: imports merge, one sandbox per data file, scout answers that age, checks before
 * state-changing sends, money typed by people.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { runInv, startInvInProcess } from '../helpers/io.js';
import { BIN, childEnv, sandboxInfo, wholeJson, type SandboxInfo } from '../helpers/spawn.js';
import { sleep, waitFor } from '../helpers/wait.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });
const item = async (msku: string) =>
  JSON.parse((await inv(['items', 'get', msku, '--json'])).stdout) as Record<string, unknown>;

describe('inv items import changes only what the file says', () => {
  it('keeps value and notes of an existing item when the file has neither column', async () => {
    expect(
      (await inv(['items', 'update', 'MUG-BLUE-11OZ', '--value', '10.5', '--notes', 'Dishwasher safe'])).code,
    ).toBe(0);
    const file = join(fx.dir, 'mugs.csv');
    writeFileSync(file, 'msku,title,cond\nMUG-BLUE-11OZ,Blue mug,new\n');
    const r = await inv(['items', 'import', file]);
    expect(r.code, r.stderr).toBe(0);
    const mug = await item('MUG-BLUE-11OZ');
    expect(mug.title).toBe('Blue mug');
    expect(Number(mug.value)).toBe(10.5);
    expect(mug.notes).toBe('Dishwasher safe');
  });

  it('clears a field whose cell is empty in a present column; --replace replaces the whole item', async () => {
    expect((await inv(['items', 'update', 'CABLE-USBC-2M', '--value', '4.25', '--notes', 'Braided'])).code).toBe(0);
    const file = join(fx.dir, 'cables.csv');
    writeFileSync(file, 'msku,notes\nCABLE-USBC-2M,\n');
    const r = await inv(['items', 'import', file]);
    expect(r.code, r.stderr).toBe(0);
    const cable = await item('CABLE-USBC-2M');
    expect(cable.notes ?? null).toBe(null);
    expect(Number(cable.value)).toBe(4.25);
    expect(cable.manufacturer).toBe('Acme');
    const whole = join(fx.dir, 'cables-whole.csv');
    writeFileSync(whole, 'msku,title,cond\nCABLE-USBC-2M,USB-C cable,new\n');
    const replaced = await inv(['items', 'import', whole, '--replace']);
    expect(replaced.code, replaced.stderr).toBe(0);
    const after = await item('CABLE-USBC-2M');
    expect(after.manufacturer ?? null).toBe(null);
    expect(after.value ?? null).toBe(null);
  });

  it('--replace that changes only an attribute is a row of its own: the attribute changes', async () => {
    const file = join(fx.dir, 'lamp.csv');
    const lamp = (color: string) => `msku,title,cond,attr.color\nLAMP-DESK-LED,LED desk lamp,new,${color}\n`;
    writeFileSync(file, lamp('red'));
    expect((await inv(['items', 'import', file, '--replace'])).code).toBe(0);
    expect((await item('LAMP-DESK-LED')).attributes).toEqual([{ name: 'color', value: 'red' }]);
    writeFileSync(file, lamp('green'));
    const r = await inv(['items', 'import', file, '--replace', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'ran', done: 1 });
    expect((await item('LAMP-DESK-LED')).attributes).toEqual([{ name: 'color', value: 'green' }]);
  });

  it('--dry-run lists rows as new, changed (with the fields) or unchanged, and sends nothing', async () => {
    const file = join(fx.dir, 'dry.csv');
    writeFileSync(
      file,
      'msku,title,cond,notes\nMUG-BLUE-11OZ,Blue mug,new,Dishwasher safe\nBOOK-COOK-001,A new title,likeNew,\nDRY-NEW-1,Brand new,new,\n',
    );
    const before = fx.snapshot();
    const r = await inv(['items', 'import', file, '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(fx.snapshot()).toBe(before);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ created: 1, updated: 1, unchanged: 1, dryRun: true });
    const byMsku = Object.fromEntries((summary.plan as Array<{ msku: string }>).map((row) => [row.msku, row]));
    expect(byMsku['MUG-BLUE-11OZ']).toMatchObject({ change: 'unchanged' });
    expect(byMsku['BOOK-COOK-001']).toMatchObject({ change: 'changed', fields: ['title'] });
    expect(byMsku['DRY-NEW-1']).toMatchObject({ change: 'new' });
  });

  it('a value with a decimal comma is refused with a hint, before anything is sent', async () => {
    const file = join(fx.dir, 'comma.csv');
    writeFileSync(file, 'msku,value\nMUG-BLUE-11OZ,"10,50"\n');
    const before = fx.snapshot();
    const r = await inv(['items', 'import', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/value.*10,50.*write 10\.50/s);
    expect(fx.snapshot()).toBe(before);
  });
});

/** Starts `inv sandbox` on `data` and resolves to its info, or to its exit code when it refuses to start. */
function startSandboxCli(env: Record<string, string>, data: string) {
  const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--data', data, '--json'], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const started = sandboxInfo<SandboxInfo & { profile: string | null }>(child).then(
    (info) => ({ info }),
    () => ({ info: undefined }),
  );
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { started, exited, stderr: () => stderr, stop: () => void child.kill('SIGINT') };
}

/**
 * startSandboxCli's counterpart in-process, for the sandbox started beside a running one: the running one is the
 * other process whose data file and profile are at stake. stop() is the user's Ctrl-C.
 */
function startSandboxInProcess(env: Record<string, string>, data: string) {
  const ctrlC = new AbortController();
  const run = startInvInProcess(['sandbox', '--port', '0', '--data', data, '--json'], { env, signal: ctrlC.signal });
  const printed = () => wholeJson<SandboxInfo & { profile: string | null }>(run.output().stdout);
  const started = Promise.race([
    run.closed.then(() => ({ info: printed() })),
    waitFor(printed, { what: 'the sandbox info', running: run.state }).then((info) => ({ info })),
  ]);
  const exited = run.closed.then((r) => r.code);
  return { started, exited, stderr: () => run.output().stderr, stop: () => ctrlC.abort() };
}

describe('one sandbox per data file', () => {
  it("refuses a second sandbox on a running one's data file, naming its URL; the first keeps its profile and data", async () => {
    const env = { INV_CONFIG_DIR: join(fx.dir, 'sb-config'), INV_STATE_DIR: join(fx.dir, 'sb-state') };
    const data = join(fx.dir, 'sb.json');
    const first = startSandboxCli(env, data);
    const { info } = await first.started;
    expect(info).toBeDefined();
    try {
      const second = startSandboxInProcess(env, data);
      const outcome = await Promise.race([
        second.exited.then((code) => ({ code })),
        second.started.then((s) => ({ code: s.info ? 'started' : 'exited' })),
      ]);
      if (outcome.code === 'started') second.stop();
      await second.exited;
      expect(outcome.code).toBe(2);
      expect(second.stderr()).toContain(info!.baseUrl);
      expect(second.stderr()).toMatch(/--port 0 --ephemeral/);
      const profile = await runInv(['config', 'get', 'baseUrl', '--profile', 'sandbox'], { env });
      expect(profile.stdout.trim()).toBe(info!.baseUrl);
      const created = await runInv(
        ['--profile', 'sandbox', 'research', 'login', '--client-id', info!.research.clientId, '--secret-stdin'],
        { env, stdin: info!.research.secretKey },
      );
      expect(created.code, created.stderr).toBe(0);
      const fees = await runInv(['--profile', 'sandbox', 'fees', 'B00X4WHP5E', '--price', '19.99', '--json'], {
        env,
      });
      expect(fees.code, fees.stderr).toBe(0);
    } finally {
      first.stop();
      await first.exited;
    }
    expect(readFileSync(data, 'utf8')).toContain(info!.login.clientId);
  });

  it('a sandbox on another data file does not repoint the profile of a running one', async () => {
    const env = { INV_CONFIG_DIR: join(fx.dir, 'two-config'), INV_STATE_DIR: join(fx.dir, 'two-state') };
    const first = startSandboxCli(env, join(fx.dir, 'two-a.json'));
    const { info } = await first.started;
    try {
      const other = startSandboxInProcess(env, join(fx.dir, 'two-b.json'));
      const otherInfo = (await other.started).info;
      other.stop();
      await other.exited;
      expect(otherInfo?.profile ?? null).toBe(null);
      expect(other.stderr()).toMatch(
        new RegExp(`profile "sandbox" still points at the sandbox running at ${info!.baseUrl}`),
      );
      const profile = await runInv(['config', 'get', 'baseUrl', '--profile', 'sandbox'], { env });
      expect(profile.stdout.trim()).toBe(info!.baseUrl);
    } finally {
      first.stop();
      await first.exited;
    }
  });

  it('says `inv sandbox --port 0 --ephemeral` when the port is busy', async () => {
    const env = { INV_CONFIG_DIR: join(fx.dir, 'busy-config'), INV_STATE_DIR: join(fx.dir, 'busy-state') };
    const port = new URL(fx.sandbox.baseUrl).port;
    const r = await runInv(['sandbox', '--port', port, '--ephemeral'], { env });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/inv sandbox --port 0 --ephemeral/);
  });
});

describe("inv scout --file follows today's options and prices", () => {
  const asins = Array.from({ length: 6 }, (_, i) => `B0RERUN${String(i).padStart(3, '0')}`);
  const manifest = () => {
    const file = join(fx.dir, 'rerun.csv');
    writeFileSync(file, 'code,cost\n' + asins.map((a) => `${a},1.00\n`).join(''));
    return file;
  };
  const scout = async (args: string[]) => {
    const r = await runInv(['scout', '--file', manifest(), '--json', ...args], { env: fx.env });
    expect(r.code, r.stderr).toBe(0);
    return {
      results: JSON.parse(r.stdout).lines as Array<{
        price: number;
        verdict: string;
        profit: number;
        fees: number;
        roi: number;
      }>,
      stderr: r.stderr,
    };
  };

  it('a rerun with --at 5.00 prices at 5.00 and judges again; a rerun after --max-age asks again', async () => {
    const offers = () => fx.sandbox.research.stats.count('/v1/offers/B0RERUN');
    const fees = () => fx.sandbox.research.stats.count('/v1/fees/B0RERUN');
    const first = await scout([]);
    expect(first.results).toHaveLength(asins.length);
    expect(first.results.some((r) => r.verdict === 'buy')).toBe(true);
    const [o1, f1] = [offers(), fees()];
    const at5 = await scout(['--at', '5.00']);
    for (const r of at5.results) {
      expect(r.price).toBe(5);
      expect(r.verdict).toBe('skip');
    }
    expect(offers()).toBe(o1); // offers came from the cache
    expect(fees() - f1).toBe(asins.length); // the fees at 5.00 were asked
    expect(at5.stderr).toMatch(/0 rows from the cache/); // each row asked for its fees at 5.00
    const cached = await scout([]);
    expect(offers()).toBe(o1);
    expect(cached.stderr).toMatch(new RegExp(`${asins.length} rows from the cache, oldest answer \\d+ s old`));
    expect(cached.results.map((r) => r.verdict)).toEqual(first.results.map((r) => r.verdict));
    await sleep(1100); // the point: the cached answers grow older than --max-age 1s
    const again = await scout(['--max-age', '1s']);
    expect(offers() - o1).toBe(asins.length);
    expect(again.stderr).toMatch(/0 rows from the cache/);
    await scout(['--refresh']);
    expect(offers() - o1).toBe(2 * asins.length);
  });

  it('a rule changed in the profile gives new verdicts on a rerun', async () => {
    const env = { ...fx.env, INV_CONFIG_DIR: join(fx.dir, 'strict-config') };
    const file = manifest();
    const first = await runInv(['scout', '--file', file, '--json'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout).lines as Array<{ verdict: string }>).some((r) => r.verdict === 'buy')).toBe(true);
    expect((await runInv(['config', 'set', 'scout.minProfit', '1000'], { env })).code).toBe(0);
    const after = await runInv(['scout', '--file', file, '--json'], { env });
    expect((JSON.parse(after.stdout).lines as Array<{ verdict: string }>).every((r) => r.verdict === 'skip')).toBe(
      true,
    );
  });

  it('a cost with a decimal comma in a manifest cell is refused with a hint', async () => {
    const file = join(fx.dir, 'comma-manifest.csv');
    writeFileSync(file, 'code,cost\nB00X4WHP5E,"4,50"\n');
    const r = await runInv(['scout', '--file', file, '--json'], { env: fx.env });
    expect(JSON.parse(r.stdout).lines[0].reasons.join(' ')).toMatch(/4,50.*write 4\.50/);
  });
});

describe('checks before state-changing sends', () => {
  it('send-to-fba --labels to an unwritable path sends nothing (exit 2)', async () => {
    const before = fx.snapshot();
    const sends = fx.sandbox.inventory.stats.count('/v1/doSendToFBA');
    const r = await inv(['send-to-fba', 'MUG-BLUE-11OZ', '2', '--from', 'Shelf A1', '--labels', '/no/such/dir/x.pdf']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--labels.*\/no\/such\/dir/);
    expect(fx.sandbox.inventory.stats.count('/v1/doSendToFBA')).toBe(sends);
    expect(fx.snapshot()).toBe(before);
  });

  it('a move from a location to itself is refused before sending (exit 2), as a single move and as a batch row', async () => {
    const moves = () => fx.sandbox.inventory.stats.count('/v1/doMoveItem');
    const before = moves();
    const single = await inv(['move', 'MUG-BLUE-11OZ', '1', '--from', 'Shelf A1', '--to', '1']);
    expect(single.code).toBe(2);
    expect(single.stderr).toMatch(/same location/);
    const batch = await inv(['move', '--file', '-'], 'msku,quantity,from,to\nMUG-BLUE-11OZ,1,Shelf A1,shelf a1\n');
    expect(batch.code).toBe(2);
    expect(batch.stderr).toMatch(/line 2.*same location/);
    expect(moves()).toBe(before);
  });

  it('stock set where there is no record says how to receive stock there, not to move it', async () => {
    const r = await inv(['stock', 'set', 'CABLE-USBC-2M', 'Shelf A1', '3']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--from-purchase/);
    expect(r.stderr).not.toMatch(/--from LOCATION/);
  });
});

describe('money as people type it', () => {
  it('--price 19,99 exits 2 with a hint, nothing sent', async () => {
    const before = fx.sandbox.research.stats.count();
    const r = await inv(['fees', 'B00X4WHP5E', '--price', '19,99']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/write 19\.99; separate several prices with spaces or repeat --price/);
    expect(fx.sandbox.research.stats.count()).toBe(before);
  });
});
