/** Recognition of product codes (ASIN, UPC-A, EAN-13, ISBN-10/13) and their check digits. Pure functions. */

export type CodeKind = 'asin' | 'upc' | 'ean' | 'isbn10' | 'isbn13';

export interface ProductCode {
  kind: CodeKind;
  /** The code as sent: digits only (ISBN-10 may end in X), upper-case for ASINs. */
  value: string;
  /** The ASIN it names directly: the ASIN itself, or the ISBN-10 of a book (978 EANs and ISBN-13s included). */
  asin?: string;
}

/** A code that is not valid: `rule` says which rule it breaks. */
export class CodeError extends Error {
  constructor(
    readonly code: string,
    readonly rule: string,
  ) {
    super(`"${code}" ${rule}`);
    this.name = 'CodeError';
  }
}

/** The GS1 check digit (UPC-A, EAN-13, ISBN-13) of the digits before it. */
export function gs1CheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** The ISBN-10 check character (0-9 or X) of its first nine digits. */
export function isbn10CheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** Whether a code is an ISBN-10: nine digits and a valid check character (a digit or X). */
export function isIsbn10(code: string): boolean {
  return /^\d{9}[\dX]$/.test(code) && isbn10CheckDigit(code) === code[9];
}

/** The ISBN-13 of an ISBN-10: 978, its first nine digits and a GS1 check digit. */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + gs1CheckDigit(body);
}

/** The ISBN-10 of a 978 ISBN-13/EAN (979 books have none). */
export function isbn13To10(isbn13: string): string | undefined {
  if (!isbn13.startsWith('978')) return undefined;
  const body = isbn13.slice(3, 12);
  return body + isbn10CheckDigit(body);
}

function checkGs1(code: string, name: string): void {
  const want = gs1CheckDigit(code.slice(0, -1));
  if (code.at(-1) !== want)
    throw new CodeError(code, `is not a valid ${name}: its check digit should be ${want} (GS1 mod-10)`);
}

function checkIsbn10(code: string): void {
  const want = isbn10CheckDigit(code);
  if (code[9] !== want) throw new CodeError(code, `is not a valid ISBN-10: its check digit should be ${want} (mod-11)`);
}

/** Removes spaces and hyphens, as printed under barcodes and in ISBNs. */
export function normalizeCode(text: string): string {
  return text.trim().replace(/[\s-]/g, '').toUpperCase();
}

/** A UPC-A: 12 digits with a valid check digit. */
export function parseUpc(text: string): string {
  const code = normalizeCode(text);
  if (!/^\d{12}$/.test(code)) throw new CodeError(text, 'is not a valid UPC: it must be 12 digits');
  checkGs1(code, 'UPC');
  return code;
}

/** An EAN-13: 13 digits with a valid check digit. */
export function parseEan(text: string): string {
  const code = normalizeCode(text);
  if (!/^\d{13}$/.test(code)) throw new CodeError(text, 'is not a valid EAN: it must be 13 digits');
  checkGs1(code, 'EAN');
  return code;
}

/** An ISBN-10 (9 digits and a digit or X) or ISBN-13 (978/979 and 10 digits), check digit verified. */
export function parseIsbn(text: string): ProductCode {
  const code = normalizeCode(text);
  if (/^\d{9}[\dX]$/.test(code)) {
    checkIsbn10(code);
    return { kind: 'isbn10', value: code, asin: code };
  }
  if (/^97[89]\d{10}$/.test(code)) {
    checkGs1(code, 'ISBN-13');
    return { kind: 'isbn13', value: code, asin: isbn13To10(code) };
  }
  throw new CodeError(
    text,
    'is not a valid ISBN: it must be 10 characters (digits, the last may be X) or 13 digits starting 978 or 979',
  );
}

/**
 * What a scanned or typed code is: 12 digits a UPC, 13 digits an EAN (a 978 EAN is a book: its ISBN-10
 * is the ASIN), 10 digits a valid ISBN-10 (else an ASIN), other 10 letters/digits an ASIN.
 */
export function recognizeCode(text: string): ProductCode {
  const code = normalizeCode(text);
  if (/^\d{12}$/.test(code)) return { kind: 'upc', value: parseUpc(code) };
  if (/^\d{13}$/.test(code)) {
    const ean = parseEan(code);
    return { kind: 'ean', value: ean, asin: isbn13To10(ean) };
  }
  if (isIsbn10(code)) return { kind: 'isbn10', value: code, asin: code };
  if (/^\d{9}X$/.test(code)) checkIsbn10(code);
  if (/^[A-Z0-9]{10}$/.test(code)) return { kind: 'asin', value: code, asin: code };
  throw new CodeError(
    text,
    'is not a product code: expected an ASIN (10 letters or digits), a UPC (12 digits), an EAN (13 digits) or an ISBN',
  );
}
