/** The scan loop: lines in, results out, one scan at a time, until the input ends or the user interrupts. */
import { RateLimitError } from '../errors.js';
import { blank, type Scout, type ScoutResult } from './scan-engine.js';
import { parseScanLine } from './scan-line.js';
import { Tally } from './tally.js';

export interface LoopOptions {
  defaultCost?: number;
  signal: AbortSignal;
  /** Told the results of each scan, with the tally after it. */
  onResults(results: ScoutResult[], tally: Tally): Promise<void>;
}

/** Runs scans from `lines` until they end (Ctrl-D) or `signal` aborts (Ctrl-C); resolves to the tally and how it ended. */
export async function scanLoop(
  scout: Scout,
  lines: AsyncIterable<string>,
  options: LoopOptions,
): Promise<{ tally: Tally; interrupted: boolean }> {
  const tally = new Tally();
  for await (const line of lines) {
    if (options.signal.aborted) break;
    const scan = parseScanLine(line);
    if (scan === undefined) continue;
    let results: ScoutResult[];
    if ('error' in scan) results = [blank(line.trim(), null, options.defaultCost ?? 0, [scan.error])];
    else if (scan.cost === undefined && options.defaultCost === undefined) {
      results = [blank(scan.code, null, 0, ['no cost: type CODE,COST, or pass --cost (or set scout.cost)'])];
    } else {
      const cost = scan.cost ?? options.defaultCost!;
      try {
        results = await scout.scan(scan.code, cost);
      } catch (error) {
        if (!(error instanceof RateLimitError)) throw error;
        results = [blank(scan.code, null, cost, [error.message])];
      }
    }
    tally.add(results);
    await options.onResults(results, tally);
  }
  return { tally, interrupted: options.signal.aborted };
}
