/** Money as people type it: a decimal comma ("19,99") is recognised and refused with a hint, never read as a list or a whole number. */

/** The hint for `text` when it reads like an amount written with a decimal comma, else undefined. */
export function decimalCommaHint(text: string): string | undefined {
  const match = /^\s*(\$?)(\d+),(\d{1,2})\s*$/.exec(text);
  return match ? `write ${match[1]}${match[2]}.${match[3]!.padEnd(2, '0')}` : undefined;
}

/** Whether a list of prices holds a pair that reads like one amount with a decimal comma ("19,99", "9.99 19,99"). */
export function holdsDecimalComma(text: string): string | undefined {
  const match = /(?:^|[^\d.,])(\$?\d+,\d{1,2})(?![\d.,])/.exec(text);
  return match ? decimalCommaHint(match[1]!) : undefined;
}
