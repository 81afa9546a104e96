/**
 * Money as people type it: a comma is a thousands separator only in the form "1,999" or "1,999.00"; a decimal
 * comma ("19,99") and any other comma are refused with a hint, never read as a list or a whole number.
 */
import { UsageError } from '../errors.js';

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

/** `text` without its thousands separators when it is written "1,999", "$12,345.50" (groups of three), else undefined. */
export function withoutThousands(text: string): string | undefined {
  const match = /^\s*(\$?)(\d{1,3}(?:,\d{3})+)(\.\d+)?\s*$/.exec(text);
  return match ? `${match[1]}${match[2]!.replaceAll(',', '')}${match[3] ?? ''}` : undefined;
}

/** The hint given with a price refused for a comma. */
const SEVERAL_PRICES = 'separate several prices with spaces or repeat --price';

/** What a comma may be in a price, as error messages state it. */
const COMMA_RULE = 'a comma in a price only separates thousands (1,999 or 1,999.00)';

/** The prices a text plainly lists when its commas are read as separators ("14.99,19.99" → "14.99 19.99"), if any. */
function spaced(value: string): string | undefined {
  const parts = value.split(/[\s,]+/).filter((p) => p !== '');
  return parts.length > 1 && parts.every((p) => /^\$?\d+\.\d{1,2}$/.test(p)) ? parts.join(' ') : undefined;
}

/** Decimals a selling price may have (cents). */
export const PRICE_DECIMALS = 2;
/** Decimals a cost may have (a unit's share of a lot's price need not be whole cents). */
export const COST_DECIMALS = 4;

/** What an amount of money typed by a person comes to, or why it is not one (a decimal comma, another comma, no number). */
export type Money = { value: number } | { why: 'decimal-comma'; hint: string } | { why: 'comma' | 'not-a-number' };

/**
 * The one money rule: digits with at most `decimals` decimals, an optional leading $, commas only as thousands
 * separators ("1,999", "$12,345.50"); a decimal comma ("19,99") or any other comma is not read (each caller bounds
 * the value and words its message).
 */
export function readMoney(value: string, decimals: number): Money {
  const hint = decimalCommaHint(value);
  if (hint) return { why: 'decimal-comma', hint };
  let text = value.trim();
  if (text.includes(',')) {
    const plain = withoutThousands(text);
    if (plain === undefined) return { why: 'comma' };
    text = plain;
  }
  text = text.replace(/^\$/, '');
  return new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(text) ? { value: Number(text) } : { why: 'not-a-number' };
}

/**
 * A selling price: a positive number with at most two decimals, an optional leading $, commas only as thousands
 * separators; a decimal comma or any other comma is refused with a hint (UsageError naming `name`).
 */
export function parsePrice(value: string, name = '--price'): number {
  const several = name === '--price' ? `; ${SEVERAL_PRICES}` : '';
  const money = readMoney(value, PRICE_DECIMALS);
  if ('why' in money && money.why === 'decimal-comma')
    throw new UsageError(
      `${name} "${value}" reads like a decimal comma: prices take a decimal point`,
      money.hint + several,
    );
  if ('why' in money && money.why === 'comma') {
    const list = spaced(value);
    const hint = name === '--price' ? `${SEVERAL_PRICES}${list ? `: --price "${list}"` : ''}` : undefined;
    throw new UsageError(`${name} "${value}": ${COMMA_RULE}`, hint);
  }
  if ('why' in money || money.value <= 0) {
    throw new UsageError(
      `${name} "${value}" is not a valid price: it must be a positive number with at most two decimals (e.g. 19.99)`,
    );
  }
  return money.value;
}

/** Prices separated by spaces, e.g. "9.99 1,999.00", each read by parsePrice; repeated prices are given once. */
export function parsePriceList(value: string, name = '--price'): number[] {
  const comma = holdsDecimalComma(value);
  if (comma)
    throw new UsageError(
      `${name} "${value}" reads like a decimal comma: prices take a decimal point`,
      `${comma}; ${SEVERAL_PRICES}`,
    );
  const parts = value.split(/\s+/).filter((p) => p !== '');
  if (parts.length === 0)
    throw new UsageError(`${name} is empty: give one or more prices separated by spaces (e.g. "9.99 14.99")`);
  // A comma anywhere but in a thousands group is refused for the whole value, so the hint can show it spaced.
  if (parts.some((p) => p.includes(',') && withoutThousands(p) === undefined && !decimalCommaHint(p)))
    return [parsePrice(value, name)];
  return [...new Set(parts.map((p) => parsePrice(p, name)))];
}
