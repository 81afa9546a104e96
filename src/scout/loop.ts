/**
 * The scan loop: lines in, results out, one scan at a time, until the input ends or the user interrupts; a line that
 * is a command (loop-commands.ts) changes the session instead: its cost, price, least ROI, or its last scan.
 */
import { RateLimitError } from '../errors.js';
import { LOOP_COMMANDS, parseLoopCommand, type CommandError, type LoopCommand } from './loop-commands.js';
import type { PriceRule } from './price.js';
import { blank, type Scout, type ScoutResult } from './scan-engine.js';
import { parseScanLine } from './scan-line.js';
import { Tally, type Bought } from './tally.js';

/** What a command did, for the caller to show. */
export type CommandReply =
  | { name: 'help'; commands: typeof LOOP_COMMANDS }
  | { name: 'clear' }
  | { name: 'cost'; cost: number }
  | { name: 'at'; at: PriceRule }
  | { name: 'roi'; minRoi: number }
  /** The results of the scan taken back; none when there was no scan to take back. */
  | { name: 'undo'; undone?: ScoutResult[] }
  | { name: 'total'; bought: Bought }
  | ({ name: 'error' } & CommandError);

export interface LoopOptions {
  defaultCost?: number;
  signal: AbortSignal;
  /** Told the results of each scan, with the tally after it. */
  onResults(results: ScoutResult[], tally: Tally): Promise<void>;
  /** Told what each command did, with the tally after it. */
  onCommand(reply: CommandReply, tally: Tally): Promise<void>;
}

/** A session's state: the tally, the scans that can be taken back, and the cost of a scan that gives none. */
class LoopSession {
  readonly tally = new Tally();
  private readonly scans: ScoutResult[][] = [];

  constructor(
    private readonly scout: Scout,
    private defaultCost: number | undefined,
  ) {}

  /** Runs a command. */
  apply(command: LoopCommand): CommandReply {
    switch (command.name) {
      case 'help':
        return { name: 'help', commands: LOOP_COMMANDS };
      case 'cost':
        this.defaultCost = command.cost;
        return command;
      case 'at':
        this.scout.options.at = command.at;
        return command;
      case 'roi':
        this.scout.options.rules = { ...this.scout.options.rules, minRoi: command.minRoi };
        return command;
      case 'undo': {
        const undone = this.scans.pop();
        if (undone) this.tally.remove(undone);
        return { name: 'undo', undone };
      }
      case 'total':
        return { name: 'total', bought: this.tally.bought() };
      case 'clear':
        return command as { name: 'clear' };
    }
  }

  /** Scans one line (its cost, else the session's), counting its results. */
  async scan(line: string, scan: NonNullable<ReturnType<typeof parseScanLine>>): Promise<ScoutResult[]> {
    let results: ScoutResult[];
    if ('error' in scan) results = [blank(line.trim(), null, this.defaultCost ?? 0, [scan.error])];
    else if (scan.cost === undefined && this.defaultCost === undefined) {
      results = [blank(scan.code, null, 0, ['no cost: type CODE,COST, or pass --cost (or type cost 4.50)'])];
    } else {
      const cost = scan.cost ?? this.defaultCost!;
      try {
        results = await this.scout.scan(scan.code, cost);
      } catch (error) {
        if (!(error instanceof RateLimitError)) throw error;
        results = [blank(scan.code, null, cost, [error.message])];
      }
    }
    this.scans.push(results);
    this.tally.add(results);
    return results;
  }
}

/** Runs scans and commands from `lines` until they end (Ctrl-D) or `signal` aborts (Ctrl-C); resolves to the tally and how it ended. */
export async function scanLoop(
  scout: Scout,
  lines: AsyncIterable<string>,
  options: LoopOptions,
): Promise<{ tally: Tally; interrupted: boolean }> {
  const session = new LoopSession(scout, options.defaultCost);
  for await (const line of lines) {
    if (options.signal.aborted) break;
    const command = parseLoopCommand(line);
    if (command) {
      const reply = 'error' in command ? { name: 'error' as const, ...command } : session.apply(command);
      await options.onCommand(reply, session.tally);
      continue;
    }
    const scan = parseScanLine(line);
    if (scan === undefined) continue;
    await options.onResults(await session.scan(line, scan), session.tally);
  }
  return { tally: session.tally, interrupted: options.signal.aborted };
}
