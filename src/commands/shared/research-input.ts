/** Research command arguments (ASINs, prices, product codes, category ids) as checked values, or a UsageError naming the flag. */
import { UsageError } from '../../errors.js';
import { CodeError, parseEan, parseIsbn, parseUpc } from '../../api/product-codes.js';
import { decimalCommaHint, holdsDecimalComma } from '../../util/money.js';

const ASIN = /^[A-Z0-9]{10}$/;

/** An ASIN: 10 letters or digits (upper-cased). */
export function parseAsin(value: string, name = 'ASIN'): string {
  const asin = value.trim().toUpperCase();
  if (!ASIN.test(asin)) {
    throw new UsageError(`${name} "${value}" is not a valid ASIN: it must be 10 letters or digits (e.g. B00X4WHP5E)`);
  }
  return asin;
}

/** The hint given with a price refused for its decimal comma. */
const SEVERAL_PRICES = 'separate several prices with spaces or repeat --price';

/** A selling price: a positive number with at most two decimals (a decimal comma is refused with a hint). */
export function parsePrice(value: string, name = '--price'): number {
  const comma = decimalCommaHint(value);
  if (comma)
    throw new UsageError(
      `${name} "${value}" reads like a decimal comma: prices take a decimal point`,
      `${comma}${name === '--price' ? `; ${SEVERAL_PRICES}` : ''}`,
    );
  const text = value.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
    throw new UsageError(
      `${name} "${value}" is not a valid price: it must be a positive number with at most two decimals (e.g. 19.99)`,
    );
  }
  return Number(text);
}

/** A list of prices separated by spaces or commas, e.g. "9.99 14.99"; "19,99" is refused as a decimal comma, not read as two prices. */
export function parsePriceList(value: string, name = '--price'): number[] {
  const comma = holdsDecimalComma(value);
  if (comma)
    throw new UsageError(
      `${name} "${value}" reads like a decimal comma: prices take a decimal point`,
      `${comma}; ${SEVERAL_PRICES}`,
    );
  const parts = value.split(/[\s,]+/).filter((p) => p.trim() !== '');
  if (parts.length === 0)
    throw new UsageError(`${name} is empty: give one or more prices separated by spaces (e.g. "9.99 14.99")`);
  return [...new Set(parts.map((p) => parsePrice(p, name)))];
}

/** A UPC (12 digits), EAN (13 digits) or ISBN (10 or 13), check digit verified; the error names the flag and the rule. */
export function parseProductCode(value: string, kind: 'upc' | 'ean' | 'isbn'): string {
  try {
    if (kind === 'upc') return parseUpc(value);
    if (kind === 'ean') return parseEan(value);
    return parseIsbn(value).value;
  } catch (error) {
    if (error instanceof CodeError) throw new UsageError(`--${kind} ${error.message}`);
    throw error;
  }
}

/** A category id: digits only. */
export function parseCategoryId(value: string): string {
  const id = value.trim();
  if (!/^\d{1,20}$/.test(id))
    throw new UsageError(`--id "${value}" is not a valid category id: it must be digits (e.g. 283155)`);
  return id;
}
