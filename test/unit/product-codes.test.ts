import { describe, expect, it } from 'vitest';
import {
  CodeError,
  gs1CheckDigit,
  isbn10CheckDigit,
  isbn10To13,
  isbn13To10,
  isIsbn10,
  parseEan,
  parseIsbn,
  parseUpc,
  recognizeCode,
} from '../../src/api/product-codes.js';

describe('check digits', () => {
  it('computes GS1 and ISBN-10 check digits', () => {
    expect(gs1CheckDigit('01234567890')).toBe('5');
    expect(gs1CheckDigit('400638133393')).toBe('1');
    expect(gs1CheckDigit('978031676948')).toBe('8');
    expect(isbn10CheckDigit('031676948')).toBe('7');
    expect(isbn10CheckDigit('080442957')).toBe('X');
  });

  it('maps a 978 ISBN-13 to its ISBN-10; 979 has none', () => {
    expect(isbn13To10('9780316769488')).toBe('0316769487');
    expect(isbn13To10('9798886451740')).toBeUndefined();
  });

  it('maps an ISBN-10 to its 978 ISBN-13, the inverse of isbn13To10', () => {
    expect(isbn10To13('0316769487')).toBe('9780316769488');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
    expect(isbn13To10(isbn10To13('080442957X'))).toBe('080442957X');
  });

  it('tells an ISBN-10 by its nine digits and check character', () => {
    expect(isIsbn10('0316769487')).toBe(true);
    expect(isIsbn10('080442957X')).toBe(true);
    expect(isIsbn10('0316769488')).toBe(false);
    expect(isIsbn10('B00X4WHP5E')).toBe(false);
    expect(isIsbn10('031676948')).toBe(false);
  });

  it('rejects bad check digits naming the rule', () => {
    expect(() => parseUpc('012345678906')).toThrow(
      '"012345678906" is not a valid UPC: its check digit should be 5 (GS1 mod-10)',
    );
    expect(() => parseEan('4006381333932')).toThrow(/EAN: its check digit should be 1/);
    expect(() => parseIsbn('0-316-76948-8')).toThrow(/ISBN-10: its check digit should be 7 \(mod-11\)/);
    expect(() => parseIsbn('12345')).toThrow(/must be 10 characters/);
    expect(() => parseUpc('12345')).toThrow(CodeError);
  });
});

describe('recognizeCode', () => {
  it.each([
    ['B00X4WHP5E', { kind: 'asin', value: 'B00X4WHP5E', asin: 'B00X4WHP5E' }],
    ['b00x4whp5e', { kind: 'asin', value: 'B00X4WHP5E', asin: 'B00X4WHP5E' }],
    ['012345678905', { kind: 'upc', value: '012345678905' }],
    ['4006381333931', { kind: 'ean', value: '4006381333931', asin: undefined }],
    ['978-0-316-76948-8', { kind: 'ean', value: '9780316769488', asin: '0316769487' }],
    ['0316769487', { kind: 'isbn10', value: '0316769487', asin: '0316769487' }],
    ['080442957X', { kind: 'isbn10', value: '080442957X', asin: '080442957X' }],
  ])('%s', (text, expected) => {
    expect(recognizeCode(text)).toEqual(expected);
  });

  it.each([
    ['012345678906', /UPC: its check digit should be 5/],
    ['9780316769489', /EAN: its check digit should be 8/],
    ['0804429579X', /not a product code/],
    ['080442958X', /ISBN-10: its check digit should be/],
    ['hello', /not a product code/],
  ])('rejects %s', (text, message) => {
    expect(() => recognizeCode(text)).toThrow(message);
  });
});
