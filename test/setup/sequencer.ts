/**
 * The order files start in: those that mostly wait (rate limits, a month of nights, stops, the built package) first,
 * then vitest's own order (on a fresh clone, the larger files first). Started last, a small file that waits a minute
 * leaves the run's end with one worker busy and two idle.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const WAIT_FIRST = [
  'batch-nights',
  'pacing-strict',
  'pacing-random',
  'rate-limits',
  'batch-stopping',
  'packaging',
  'batch-order',
  'pacing-learnt',
].map((name) => `/test/e2e/${name}.test.ts`);

/** vitest's order, the waiting files moved to the front in the order listed. */
export default class WaitFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = WAIT_FIRST.findIndex((end) => spec.moduleId.replaceAll('\\', '/').endsWith(end));
      return i < 0 ? WAIT_FIRST.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
