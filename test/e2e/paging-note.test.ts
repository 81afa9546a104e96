/** List commands say when their default page left records out. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture({ bulkItems: 60 });
});
afterAll(() => fx.close());

it('says "showing 50 of N; --all for every page" only when the default page cut the list', async () => {
  const total = fx.sandbox.account.state.itemOrder.length;
  const cut = await runInv(['items', 'list', '--json'], { env: fx.authed });
  expect(cut.code).toBe(0);
  expect(JSON.parse(cut.stdout)).toHaveLength(50);
  expect(cut.stderr).toContain(`showing 50 of ${total}; --all for every page`);
  const all = await runInv(['items', 'list', '--all', '--json'], { env: fx.authed });
  expect(JSON.parse(all.stdout)).toHaveLength(total);
  expect(all.stderr).not.toMatch(/showing/);
  const limited = await runInv(['items', 'list', '--limit', '10', '--json'], { env: fx.authed });
  expect(limited.stderr).not.toMatch(/showing/);
  const locations = await runInv(['locations', 'list', '--json'], { env: fx.authed });
  expect(locations.stderr).not.toMatch(/showing/);
});
