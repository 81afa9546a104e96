/**
 * The words the scan loop takes as commands. None of them can be a code (codes are 10 to 13 letters and digits, a
 * command word is at most 5 letters), and a line is a command only when its first word is one: a code is never read as
 * a command, nor a command as a code. Pure functions.
 */
import { UsageError } from '../errors.js';
import { parsePrice } from '../util/money.js';
import { closest } from '../util/similar.js';
import { PRICE_RULES, type PriceRule } from './price.js';
import { costRule, parseCost } from './scan-line.js';

export type LoopCommand =
  | { name: 'help' | 'clear' | 'undo' | 'total' }
  | { name: 'cost'; cost: number }
  | { name: 'at'; at: PriceRule }
  | { name: 'roi'; minRoi: number };

/** A line that reads as a command but cannot be run: what is wrong, and what would work. */
export interface CommandError {
  error: string;
  hint?: string;
}

/** Each command as typed, and what it does (the answer to `?`). */
export const LOOP_COMMANDS: ReadonlyArray<readonly [usage: string, does: string]> = [
  ['cost 4.50', 'the cost of the scans that follow, when a scan gives none'],
  ['at lowest-fba', 'the price the scans that follow sell at: buybox, lowest-fba, lowest, or a price (at 19.99)'],
  ['roi 30', 'the least ROI, in percent, of a buy from now on'],
  ['undo', 'take the last scan back (its tally and its buy-list rows)'],
  ['total', 'what this session bought: units, cost, expected profit'],
  ['clear', 'clear the screen'],
  ['?', 'this list (also help)'],
];

const WORDS = ['?', 'help', 'clear', 'undo', 'total', 'cost', 'at', 'roi'] as const;
const TAKES_VALUE = new Set(['cost', 'at', 'roi']);

/** A ROI in percent: a whole number or one decimal, from -100 to 1,000,000. */
function parseRoi(text: string): number | undefined {
  const value = /^-?\d{1,7}(\.\d)?%?$/.test(text) ? Number(text.replace('%', '')) : NaN;
  return value >= -100 && value <= 1_000_000 ? value : undefined;
}

/** The value of a command that takes one, or the error naming its rule. */
function valued(name: 'cost' | 'at' | 'roi', text: string): LoopCommand | CommandError {
  if (name === 'cost') {
    const cost = parseCost(text);
    return cost === undefined ? { error: `cost "${text}" ${costRule(text)}`, hint: 'e.g. cost 4.50' } : { name, cost };
  }
  if (name === 'roi') {
    const minRoi = parseRoi(text);
    return minRoi === undefined
      ? { error: `roi "${text}" must be a percent from -100 to 1000000 (e.g. roi 30)` }
      : { name, minRoi };
  }
  if ((PRICE_RULES as readonly string[]).includes(text)) return { name, at: text as PriceRule };
  try {
    return { name, at: { fixed: parsePrice(text, 'at') } };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return {
      error: `at "${text}": buybox, lowest-fba, lowest, or a price`,
      hint: error.hint ?? 'e.g. at lowest-fba, or at 19.99',
    };
  }
}

/**
 * The command a line gives, an error when it reads as a command that cannot run (a word that is no code and no
 * command, a missing or bad value), or undefined: the line is a scan.
 */
export function parseLoopCommand(line: string): LoopCommand | CommandError | undefined {
  // The first word ends at a space or at a CSV separator ("cost,4.50"); the value is the rest ("cost 4,50": one value).
  const [, first = '', value = ''] = /^([^\s,;]*)[\s,;]*(.*)$/.exec(line.trim())!;
  const rest = value === '' ? [] : value.split(/\s+/);
  const word = first.toLowerCase();
  if (!(WORDS as readonly string[]).includes(word)) {
    // A short word without a digit is no code of any kind: a command mistyped, never a scan.
    if (first === '' || first.startsWith('#') || /\d/.test(first) || first.length >= 10) return undefined;
    const near = closest(word, WORDS);
    return {
      error: `unknown command "${first}"${near ? `: did you mean ${near}?` : ''}`,
      hint: '? lists the commands',
    };
  }
  if (TAKES_VALUE.has(word)) {
    if (rest.length !== 1) return { error: `${word} takes one value`, hint: usageOf(word) };
    return valued(word as 'cost' | 'at' | 'roi', rest[0]!);
  }
  if (rest.length > 0) return { error: `${word} takes no value`, hint: `type ${word} alone` };
  return { name: word === '?' ? 'help' : (word as 'help' | 'clear' | 'undo' | 'total') };
}

/** "e.g. cost 4.50": the usage of a command as a hint. */
function usageOf(word: string): string {
  return `e.g. ${LOOP_COMMANDS.find(([usage]) => usage.startsWith(`${word} `))?.[0] ?? word}`;
}
