/** Exit codes of a run stopped by a signal: 130 for Ctrl-C (SIGINT), 143 for SIGTERM. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';
import { startInv } from '../helpers/spawn.js';
import { waitFor } from '../helpers/wait.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

/** Starts `inv items list`, waits until its request reached the (slowed) sandbox, sends `signal`; resolves to the exit code. */
async function stopWith(signal: NodeJS.Signals): Promise<{ code: number; stderr: string }> {
  fx.sandbox.inventory.faults.settings.latencyMs = 20_000;
  const before = fx.sandbox.inventory.stats.count('/v1/items');
  const run = startInv(['items', 'list', '--json'], { env: fx.authed });
  await waitFor(() => fx.sandbox.inventory.stats.count('/v1/items') > before, {
    what: 'the request of inv items list at the sandbox',
    running: run.child,
  });
  run.child.kill(signal);
  const { code, stderr } = await run.closed;
  fx.sandbox.inventory.faults.settings.latencyMs = 0;
  return { code, stderr };
}

it('exits 143 on SIGTERM and 130 on SIGINT', async () => {
  const term = await stopWith('SIGTERM');
  expect(term.code, term.stderr).toBe(143);
  expect(term.stderr).toMatch(/interrupted/);
  const int = await stopWith('SIGINT');
  expect(int.code, int.stderr).toBe(130);
}, 30_000);
