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

it('a page fetched ahead that fails is reported once the pages before it are printed, not as a crash', async () => {
  // Pages of 10 are fetched four ahead: one fails while the CLI still waits on an earlier one.
  fx.sandbox.inventory.faults.add({ status: 404, after: 3, times: 1, path: '/v1/items', method: 'GET' });
  const r = await runInv(['items', 'list', '--all', '--output', 'ndjson', '--page-size', '10'], { env: fx.authed });
  expect(r.code, r.stderr).toBe(3);
  expect(r.stderr).toContain('not found: injected fault: HTTP 404');
  // Whichever page fails, the whole pages before it are out, in order, and none after it.
  const printed = r.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line).msku as string);
  expect(printed.length % 10).toBe(0);
  expect(printed.length).toBeLessThan(fx.sandbox.account.state.itemOrder.length);
  expect(printed).toEqual(fx.sandbox.account.state.itemOrder.slice(0, printed.length));
});
