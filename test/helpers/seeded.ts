/** Seeded randomness for tests, so a failure can be replayed: INV_TEST_SEED=<seed> reruns with the seed a failure printed. */
import { onTestFailed } from 'vitest';

/** A generator of numbers in [0, 1) from `seed` (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of the running test (INV_TEST_SEED or `fallback`), printed if the test fails. Call inside a test. */
export function testSeed(fallback: number): number {
  const seed = process.env.INV_TEST_SEED ? Number(process.env.INV_TEST_SEED) : fallback;
  onTestFailed(() => console.error(`random seed ${seed}: rerun with INV_TEST_SEED=${seed} to replay`));
  return seed;
}

/** A sandbox's fault injector drawing its random drops, failures and jitter from `seed` instead of Math.random. */
export function seedFaults(faults: object, seed: number): void {
  // The injector takes its generator in its constructor; the fixture builds it, so the test swaps it afterwards.
  Object.assign(faults, { random: seededRandom(seed) });
}
