/** A research server whose clock is off: inv measures the skew from the 401, retries once, and keeps the skew a day. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { BIN, childEnv, sandboxInfo, spawnInv } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const A = 'B00X4WHP5E';

describe('inv sandbox --clock-offset 7200 (a server clock 2 hours ahead)', () => {
  const dir = tempDir('skew');
  const env = { INV_CONFIG_DIR: join(dir, 'config'), INV_STATE_DIR: join(dir, 'state') };
  let child: ReturnType<typeof spawn>;
  let researchUrl = '';
  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [BIN, 'sandbox', '--port', '0', '--ephemeral', '--save-profile', 'sandbox', '--clock-offset', '7200', '--json'],
      { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    researchUrl = (await sandboxInfo(child as Parameters<typeof sandboxInfo>[0])).researchUrl;
  });
  afterAll(async () => {
    child.kill('SIGINT');
    await new Promise((resolve) => child.on('close', resolve));
    removeTempDir(dir);
  });
  const feesRequests = async () =>
    ((await (await fetch(`${researchUrl}/_sandbox/stats`)).json()) as Record<string, number>)[`GET /v1/fees/${A}`] ?? 0;

  it('fees succeeds after one 401 and says what was corrected; the next call needs no 401', async () => {
    const first = await spawnInv(['--profile', 'sandbox', 'fees', A, '--price', '10', '--json'], { env });
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)[0].asin).toBe(A);
    expect(first.stderr).toMatch(/clock is 7200 s behind the research server's/);
    expect(first.stderr).toMatch(/kept for a day in profile "sandbox"/);
    expect(await feesRequests()).toBe(2);
    const kept = JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8')).profiles.sandbox.research
      .clockSkew;
    expect(kept.seconds).toBeGreaterThanOrEqual(7199);
    expect(kept.seconds).toBeLessThanOrEqual(7201);

    const second = await spawnInv(['--profile', 'sandbox', 'fees', A, '--price', '10', '--json'], { env });
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
    expect(await feesRequests()).toBe(3);
  });
});

describe('a 401 that persists', () => {
  let fx: SandboxFixture;
  beforeAll(async () => {
    fx = await sandboxFixture({ clockOffsetS: -18000 });
  });
  afterAll(() => fx.close());

  it('tries the server time once, then exits 4 naming where each credential came from', async () => {
    const before = fx.sandbox.research.stats.count('/v1/fees');
    const r = await spawnInv(['fees', A, '--price', '10'], { env: { ...fx.env, INV_RESEARCH_SECRET: 'wrong' } });
    expect(r.code).toBe(4);
    expect(fx.sandbox.research.stats.count('/v1/fees') - before).toBe(2);
    expect(r.stderr).toMatch(
      /the ClientId \("sandbox-research"\) came from INV_RESEARCH_CLIENT_ID and the SecretKey from INV_RESEARCH_SECRET/,
    );
    expect(r.stderr).not.toMatch(/clock is/);
  });

  it('a clock five hours ahead of the server is corrected too', async () => {
    const r = await spawnInv(['offers', A, '--json'], { env: fx.env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/clock is (17999|18000|18001) s ahead of the research server's/);
  });
});
