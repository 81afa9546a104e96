/** A scanned line: "CODE", "CODE,COST" or "CODE COST". Pure function. */

export interface Scan {
  code: string;
  /** Dollars; undefined when the line gives none. */
  cost?: number;
}

/** The code and cost of a line, or an error message naming the rule; undefined for a blank line. */
export function parseScanLine(line: string): Scan | { error: string } | undefined {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return undefined;
  const [code, costText, ...rest] = text.split(/\s*[,;\t]\s*|\s+/);
  if (rest.length > 0) return { error: `"${text}": expected CODE or CODE,COST` };
  if (costText === undefined || costText === '') return { code: code! };
  const cost = costText.replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cost)) return { error: `"${text}": the cost "${costText}" must be a number of dollars with at most two decimals` };
  return { code: code!, cost: Number(cost) };
}
