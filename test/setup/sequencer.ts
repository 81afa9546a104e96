/**
 * The order files start in. Files that mostly wait (rate limits, stops, the built package) take a worker for tens of
 * seconds at almost no CPU: four of them at once leave the cores idle, and one started last leaves the run's end with
 * one worker busy. So the two longest start first, beside the long files that keep a core busy (the month of nights,
 * two machines, the keyring), and the others follow spread out, one after every few files, while the rest keep
 * vitest's order (on a fresh clone, the larger files first).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that mostly wait, the longest first. */
const WAITING = [
  'pacing-strict',
  'pacing-random',
  'rate-limits',
  'packaging',
  'batch-stopping',
  'batch-order',
  'research-rate-limits',
  'pacing-learnt',
].map((name) => `/test/e2e/${name}.test.ts`);
/** Long files that keep a core busy, started among the first. */
const LONG = ['batch-nights', 'keyring', 'batch-machines'].map((name) => `/test/e2e/${name}.test.ts`);
/** Waiting files started at once, first. */
const AT_START = 2;
/** Files started between two waiting ones after those. */
const BETWEEN = 5;

const rankIn = (list: string[], spec: TestSpecification) => {
  const i = list.findIndex((end) => spec.moduleId.replaceAll('\\', '/').endsWith(end));
  return i < 0 ? list.length : i;
};

/** The first waiting files and the long ones, then one waiting file after every BETWEEN others in vitest's order. */
export default class WaitingSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = sorted.filter((s) => rankIn(WAITING, s) < WAITING.length);
    waiting.sort((a, b) => rankIn(WAITING, a) - rankIn(WAITING, b));
    const others = sorted.filter((s) => rankIn(WAITING, s) === WAITING.length);
    const long = others.filter((s) => rankIn(LONG, s) < LONG.length).sort((a, b) => rankIn(LONG, a) - rankIn(LONG, b));
    const rest = [...long, ...others.filter((s) => rankIn(LONG, s) === LONG.length)];
    const order = waiting.splice(0, AT_START);
    order.push(...rest.splice(0, long.length));
    while (waiting.length > 0 || rest.length > 0) {
      order.push(...rest.splice(0, BETWEEN));
      if (waiting.length > 0) order.push(waiting.shift()!);
    }
    return order;
  }
}
