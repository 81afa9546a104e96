/** The codes a unit may be counted by (msku, FNSKU, the item's UPC/EAN/ISBN/ASIN), each to its msku. */
import type { InventoryClient } from '../api/inventory.js';
import type { Item } from '../api/inventory-types.js';
import { isbn10To13, isbn13To10, isIsbn10, normalizeCode } from '../api/product-codes.js';

/** Every spelling a product code is scanned in: UPC-A also as EAN-13 with a leading 0 and back, ISBN-10 as its 978 EAN. */
export function codeForms(code: string): string[] {
  const c = normalizeCode(code);
  const forms = [c];
  if (/^\d{12}$/.test(c)) forms.push(`0${c}`);
  if (/^0\d{12}$/.test(c)) forms.push(c.slice(1));
  if (isIsbn10(c)) forms.push(isbn10To13(c));
  const isbn10 = /^978\d{10}$/.test(c) ? isbn13To10(c) : undefined;
  if (isbn10) forms.push(isbn10);
  return forms;
}

/**
 * The code table of a count: every item's msku and product code, and the FNSKUs of `fnskus` (msku → fnsku).
 * An msku and an FNSKU win over a product code that happens to equal another item's.
 */
export async function countCodes(
  client: InventoryClient,
  fnskus: ReadonlyMap<string, string | null>,
): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  const items: Item[] = [];
  for await (const item of client.list<Item>('items', { pageSize: 1000 })) items.push(item);
  for (const item of items)
    if (item.productId) for (const form of codeForms(item.productId)) codes.set(form, item.msku);
  for (const item of items) codes.set(item.msku.toUpperCase(), item.msku);
  for (const [msku, fnsku] of fnskus) if (fnsku) codes.set(fnsku.toUpperCase(), msku);
  for (const item of items) codes.set(item.msku, item.msku);
  return codes;
}

/** The msku a scanned code names in the table, trying its spellings; undefined when none. */
export function mskuOf(codes: ReadonlyMap<string, string>, code: string): string | undefined {
  const text = code.trim();
  return (
    codes.get(text) ??
    codes.get(text.toUpperCase()) ??
    codeForms(text)
      .map((f) => codes.get(f))
      .find(Boolean)
  );
}
