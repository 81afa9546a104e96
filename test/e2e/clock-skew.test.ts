/** A research server whose clock is off: inv measures the skew from the 401, retries once, and keeps the skew a day. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { sandboxFixture, type SandboxFixture } from '../helpers/sandbox.js';
import { startSandboxCommand, type SandboxCommand } from '../helpers/sandbox-command.js';
import type { SandboxInfo } from '../helpers/spawn.js';
import { removeTempDir, tempDir } from '../helpers/temp.js';

const A = 'B00X4WHP5E';

describe('inv sandbox --clock-offset 7200 (a server clock 2 hours ahead)', () => {
  const dir = tempDir('skew');
  const env = { INV_CONFIG_DIR: join(dir, 'config'), INV_STATE_DIR: join(dir, 'state') };
  let sandbox: SandboxCommand<SandboxInfo>;
  let researchUrl = '';
  beforeAll(async () => {
    sandbox = await startSandboxCommand(
      ['--port', '0', '--ephemeral', '--save-profile', 'sandbox', '--clock-offset', '7200'],
      env,
    );
    researchUrl = sandbox.info.researchUrl;
  });
  afterAll(async () => {
    await sandbox.stop();
    removeTempDir(dir);
  });
  const feesRequests = async () =>
    ((await (await fetch(`${researchUrl}/_sandbox/stats`)).json()) as Record<string, number>)[`GET /v1/fees/${A}`] ?? 0;

  it('fees succeeds after one 401 and says what was corrected; the next call needs no 401', async () => {
    const first = await runInv(['--profile', 'sandbox', 'fees', A, '--price', '10', '--json'], { env });
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)[0].asin).toBe(A);
    expect(first.stderr).toMatch(/clock is 7200 s behind the research server's/);
    expect(first.stderr).toMatch(/kept for a day in profile "sandbox"/);
    expect(await feesRequests()).toBe(2);
    const kept = JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8')).profiles.sandbox.research
      .clockSkew;
    expect(kept.seconds).toBeGreaterThanOrEqual(7199);
    expect(kept.seconds).toBeLessThanOrEqual(7201);

    const second = await runInv(['--profile', 'sandbox', 'fees', A, '--price', '10', '--json'], { env });
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
    const r = await runInv(['fees', A, '--price', '10'], { env: { ...fx.env, INV_RESEARCH_SECRET: 'wrong' } });
    expect(r.code).toBe(4);
    expect(fx.sandbox.research.stats.count('/v1/fees') - before).toBe(2);
    expect(r.stderr).toMatch(
      /the ClientId \("sandbox-research"\) came from INV_RESEARCH_CLIENT_ID and the SecretKey from INV_RESEARCH_SECRET/,
    );
    expect(r.stderr).not.toMatch(/clock is/);
  });

  it('a clock five hours ahead of the server is corrected too', async () => {
    const r = await runInv(['offers', A, '--json'], { env: fx.env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/clock is (17999|18000|18001) s ahead of the research server's/);
  });
});
