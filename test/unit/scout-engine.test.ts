/** The scan engine with a fake research client: what a scan asks, and that nothing it asked outlives it. */
import { describe, expect, it } from 'vitest';
import type { ResearchClient } from '../../src/api/research.js';
import { NotFoundError } from '../../src/errors.js';
import type { AnswerStore } from '../../src/scout/answers.js';
import { Scout, type ScoutOptions } from '../../src/scout/scan-engine.js';
import { FEES, OFFERS, SEARCH } from '../fixtures/research-shapes.js';
import { turns } from '../helpers/wait.js';

const options: ScoutOptions = {
  at: 'buybox',
  channel: 'fba',
  settings: { prep: 0, inboundPerLb: 0, taxRate: 0 },
  rules: { minRoi: 30 },
};

/** A client answering from the fixtures, counting calls; held offers answer when `answerOffers` says (else at once). */
function fakeClient(known: boolean) {
  const calls = { item: 0, offers: 0, fees: 0 };
  const waiting: Array<() => void> = [];
  const held = { answerOffers: () => waiting.splice(0).forEach((answer) => answer()), hold: false };
  const listing = SEARCH.searchCatalogs.result[1]!;
  const client = {
    item: async () => {
      calls.item++;
      if (!known) throw new NotFoundError('no such ASIN');
      return { searchCatalogs: { result: [listing] } };
    },
    offers: async () => {
      calls.offers++;
      if (held.hold) await new Promise<void>((resolve) => waiting.push(resolve));
      return OFFERS;
    },
    fees: async () => (calls.fees++, FEES),
  } as unknown as ResearchClient;
  return { client, calls, held };
}

/** A store in memory, recording the keys put. */
function memoryAnswers(): AnswerStore & { keys: string[] } {
  const keys: string[] = [];
  return { keys, get: () => undefined, put: (key: string) => void keys.push(key), close: async () => undefined };
}

describe('Scout.scan', () => {
  it('an ASIN the catalog does not know: the scan returns only once the offers it asked beside are answered', async () => {
    const { client, calls, held } = fakeClient(false);
    held.hold = true;
    const answers = memoryAnswers();
    const scout = new Scout(client, options, Date.now, { store: answers, maxAgeMs: 60_000, refresh: false });
    let finished = false;
    const scan = scout.scan('B0TOYCAR01', 5).then((results) => ((finished = true), results));
    await turns(5);
    expect(calls).toMatchObject({ item: 1, offers: 1 });
    // Returning now would let its caller close the answers file while the offers answer is still to be kept.
    expect(finished, 'returned with its offers request still out').toBe(false);
    held.answerOffers();
    const [result] = await scan;
    expect(result).toMatchObject({ verdict: 'unknown', reasons: ['no product for ASIN B0TOYCAR01'] });
    expect(answers.keys).toContain('offers:B0TOYCAR01');
  });

  it('with a max age of 0 the offers asked beside the catalog entry are the ones priced: one request each', async () => {
    const { client, calls } = fakeClient(true);
    const scout = new Scout(client, options, Date.now, { maxAgeMs: 0, refresh: false });
    const [result] = await scout.scan('B0TOYCAR01', 5);
    expect(result?.price).not.toBeNull();
    expect(calls).toEqual({ item: 1, offers: 1, fees: 1 });
  });

  it('with a max age of 0, two scans at once of one ASIN share the offers request still out', async () => {
    const { client, calls, held } = fakeClient(true);
    held.hold = true;
    const scout = new Scout(client, options, Date.now, { maxAgeMs: 0, refresh: false });
    const both = Promise.all([scout.scan('B0TOYCAR01', 5), scout.scan('B0TOYCAR01', 6)]);
    await turns(5);
    held.answerOffers();
    const results = (await both).flat();
    expect(results.map((r) => r.cost)).toEqual([5, 6]);
    expect(calls.offers).toBe(1);
  });
});
