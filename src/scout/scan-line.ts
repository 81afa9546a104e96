/** A scanned line: "CODE", "CODE,COST" or "CODE COST". Pure functions. */
import { COST_DECIMALS, decimalCommaHint, readMoney } from '../util/money.js';

export interface Scan {
  code: string;
  /** Dollars; undefined when the line gives none. */
  cost?: number;
}

/** What a cost must be, as error messages state it. */
export const COST_RULE = `must be a number of dollars with at most ${COST_DECIMALS} decimals`;

/** COST_RULE as said of `text`: with a hint when it reads like a decimal comma. */
export function costRule(text: string): string {
  const hint = decimalCommaHint(text);
  return hint ? `${COST_RULE}, with a decimal point: ${hint}` : COST_RULE;
}

/** Dollars from "4", "4.5", "$4.50" or "1,200" (the money rule); undefined when the text breaks COST_RULE. */
export function parseCost(text: string): number | undefined {
  const money = readMoney(text, COST_DECIMALS);
  return 'value' in money ? money.value : undefined;
}

/** The code and cost of a line, or an error message naming the rule; undefined for a blank line. */
export function parseScanLine(line: string): Scan | { error: string } | undefined {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return undefined;
  const [code, costText, ...rest] = text.split(/\s*[,;\t]\s*|\s+/);
  if (rest.length > 0) return { error: `"${text}": expected CODE or CODE,COST` };
  if (costText === undefined || costText === '') return { code: code! };
  const cost = parseCost(costText);
  if (cost === undefined) return { error: `"${text}": the cost "${costText}" ${costRule(costText)}` };
  return { code: code!, cost };
}
