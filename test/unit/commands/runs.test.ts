/** Commands' `run` against a fake context: what they print and send, with no server. */
import { describe, expect, it } from 'vitest';
import type { ItemLocation, Location } from '../../../src/api/inventory-types.js';
import * as locationsList from '../../../src/commands/locations/list.js';
import * as stockSet from '../../../src/commands/stock/set.js';
import { fakeCtx, listOf } from '../../helpers/fake-ctx.js';
import { parseArgv } from '../../helpers/parse-argv.js';

const shelf = { id: '1', display: 'Shelf A1', type: 'shelf' } as Location;
const dock = { id: '2', display: 'Dock', type: 'dock' } as Location;
const mugs = (quantity: number): ItemLocation =>
  ({ id: '10', msku: 'MUG', locationId: '1', quantity: String(quantity) }) as unknown as ItemLocation;

describe('inv stock set, run', () => {
  it('sends the difference once and shows before → after', async () => {
    const adjusted: number[] = [];
    const { ctx, stdout, stderr } = fakeCtx({
      globals: { json: true },
      inventory: {
        list: listOf({ locations: [shelf, dock], itemLocations: [mugs(5)] }),
        adjustStock: async (_id, change) => (adjusted.push(change), mugs(5 + change)),
      },
    });
    await stockSet.run(ctx, parseArgv(stockSet, ['MUG', 'Shelf A1', '8']));
    expect(adjusted).toEqual([3]);
    expect(stderr()).toContain('MUG in Shelf A1: 5 → 8');
    expect(JSON.parse(stdout())).toMatchObject({ msku: 'MUG', quantity: '8' });
  });

  it('warns when stock moved between the read and the change', async () => {
    const { ctx, stderr } = fakeCtx({
      globals: { json: true },
      inventory: {
        list: listOf({ locations: [shelf], itemLocations: [mugs(5)] }),
        adjustStock: async () => mugs(6),
      },
    });
    await stockSet.run(ctx, parseArgv(stockSet, ['MUG', '1', '8']));
    expect(stderr()).toMatch(/warning: MUG in Shelf A1 is now 6, not 8: stock moved while counting/);
  });

  it('sends nothing when the count is what the server holds', async () => {
    const { ctx, stderr } = fakeCtx({
      inventory: {
        list: listOf({ locations: [shelf], itemLocations: [mugs(5)] }),
        adjustStock: async () => expect.unreachable('nothing to adjust'),
      },
    });
    await stockSet.run(ctx, parseArgv(stockSet, ['MUG', 'Shelf A1', '5']));
    expect(stderr()).toContain('(already counted; nothing sent)');
  });

  it('refuses a location that does not exist, naming it, before anything is sent', async () => {
    const { ctx } = fakeCtx({
      inventory: { list: listOf({ locations: [shelf] }), adjustStock: async () => expect.unreachable() },
    });
    await expect(stockSet.run(ctx, parseArgv(stockSet, ['MUG', 'Shelf B9', '5']))).rejects.toThrow(/Shelf B9/);
  });
});

describe('inv locations list, run', () => {
  it('renders what the client lists, in the view asked for', async () => {
    const { ctx, stdout } = fakeCtx({
      globals: { output: 'csv' },
      inventory: { list: listOf({ locations: [shelf, dock] }) },
    });
    await locationsList.run(ctx, parseArgv(locationsList, ['--all']));
    expect(stdout().trim().split('\n').slice(1)).toEqual([
      expect.stringContaining('Shelf A1'),
      expect.stringContaining('Dock'),
    ]);
  });
});
