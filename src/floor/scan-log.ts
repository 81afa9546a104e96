/**
 * A scanner log (`inv move --scan` without a terminal): read whole and checked before anything is sent, its legs the
 * moves of one batch (decision 30). No one is there to scan again: a refused line refuses the log.
 */
import { InterruptedError, UsageError } from '../errors.js';
import { ScanLegs, type LegMove } from './scan-legs.js';

/** What reading a log needs: its lines, what it says of each, the stock at the start, the codes, FNSKUs. */
export interface ScanLogEnv {
  next(): Promise<string | undefined>;
  say(line: string): Promise<void>;
  aborted(): boolean;
  /** Every stock record: [location id, msku, quantity]. */
  stock: Array<[string, string, number]>;
  /** The code table (count-codes.ts), filled in place with a bin's FNSKUs. */
  codes: Map<string, string>;
  fnsku(msku: string): Promise<string | null | undefined>;
  purchase?: string;
}

/** Reads the log to its end (or an empty line); the moves of its legs, or UsageError naming the line refused. */
export async function readScanLog(env: ScanLogEnv): Promise<LegMove[]> {
  const held = new Map(env.stock.map(([bin, msku, n]) => [`${bin}\0${msku}`, n]));
  const legs = new ScanLegs((bin, msku) => held.get(`${bin}\0${msku}`) ?? 0, env.codes, env.purchase);
  const withFnskus = new Set<string>();
  for (let n = 1; ; n++) {
    const text = await env.next();
    if (env.aborted()) throw new InterruptedError('interrupted: nothing was moved');
    const step = legs.step(text ?? '');
    if ('end' in step) return legs.moves;
    if (!step.ok) throw new UsageError(`line ${n}: ${step.why}`, 'fix the scans and run again: nothing was moved');
    await env.say(step.say);
    // A bin's units may be scanned by FNSKU: read (a one-unit plan per msku) when it is first a source.
    for (const [, msku] of env.stock.filter(([bin, m]) => bin === step.opened && !withFnskus.has(m))) {
      withFnskus.add(msku);
      const fnsku = await env.fnsku(msku);
      if (fnsku) env.codes.set(fnsku.toUpperCase(), msku);
    }
  }
}
