/** Research command arguments (ASINs, product codes, category ids) as checked values, or a UsageError naming the flag. */
import { UsageError } from '../../errors.js';
import { CodeError, parseEan, parseIsbn, parseUpc } from '../../api/product-codes.js';

const ASIN = /^[A-Z0-9]{10}$/;

/** An ASIN: 10 letters or digits (upper-cased). */
export function parseAsin(value: string, name = 'ASIN'): string {
  const asin = value.trim().toUpperCase();
  if (!ASIN.test(asin)) {
    throw new UsageError(`${name} "${value}" is not a valid ASIN: it must be 10 letters or digits (e.g. B00X4WHP5E)`);
  }
  return asin;
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
