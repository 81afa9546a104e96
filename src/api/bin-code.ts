/**
 * What a bin's barcode holds (docs/decisions.md, 30): "LOC-" and the location id. The hyphen is in no FNSKU, UPC, EAN or
 * ASIN, so a scan of a bin is never read as a product; every scan mode and every location argument reads it.
 */

export const BIN_PREFIX = 'LOC-';

/** The code on a location's label. */
export function binCode(locationId: string): string {
  return `${BIN_PREFIX}${locationId}`;
}

/** The location id a scanned or typed bin code names (the prefix in either case), or undefined when it is none. */
export function binCodeId(code: string): string | undefined {
  return /^LOC-(\d{1,18})$/i.exec(code.trim())?.[1];
}
