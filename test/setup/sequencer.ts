/**
 * The order files start in. Files that mostly wait (rate limits, stops, the built package) take a worker for tens of
 * seconds at almost no CPU: started together they leave the cores idle, and started last they leave the run's end
 * with one worker busy. So they start early but spread out, one waiting file then two others, with the month of
 * nights (the longest file that keeps a core busy) among the first; the rest keep vitest's order (on a fresh clone,
 * the larger files first).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that mostly wait, the longest first. */
const WAITING = [
  'pacing-strict',
  'pacing-random',
  'rate-limits',
  'research-rate-limits',
  'batch-stopping',
  'pacing-learnt',
  'batch-order',
  'packaging',
].map((name) => `/test/e2e/${name}.test.ts`);
/** Long files that keep a core busy, started among the first. */
const LONG = ['batch-nights', 'keyring', 'batch-machines'].map((name) => `/test/e2e/${name}.test.ts`);
/** Files started between two waiting ones. */
const BETWEEN = 2;

const rankIn = (list: string[], spec: TestSpecification) => {
  const i = list.findIndex((end) => spec.moduleId.replaceAll('\\', '/').endsWith(end));
  return i < 0 ? list.length : i;
};

/** vitest's order, the waiting files spread over its start (one, then BETWEEN others), the long ones first among those. */
export default class WaitingSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = sorted.filter((s) => rankIn(WAITING, s) < WAITING.length);
    waiting.sort((a, b) => rankIn(WAITING, a) - rankIn(WAITING, b));
    const others = sorted.filter((s) => rankIn(WAITING, s) === WAITING.length);
    const long = others.filter((s) => rankIn(LONG, s) < LONG.length).sort((a, b) => rankIn(LONG, a) - rankIn(LONG, b));
    const rest = [...long, ...others.filter((s) => rankIn(LONG, s) === LONG.length)];
    const order: TestSpecification[] = [];
    while (waiting.length > 0 || rest.length > 0) {
      if (waiting.length > 0) order.push(waiting.shift()!);
      order.push(...rest.splice(0, BETWEEN));
    }
    return order;
  }
}
