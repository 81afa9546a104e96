/**
 * The box contents as Amazon's 2D barcode carries them: `AMZN,PO:<shipment id>`, then for each product
 * `FNSKU:<fnsku>,QTY:<n>` (and `EXP:YYMMDD` where it expires), codes and values joined by colons,
 * segments by commas. Contents too long for one PDF417 symbol are split over several, each a whole
 * 2D string of its own (prefix repeated, no product cut in two).
 */
import type { BoxItem } from './packing-types.js';
import { pdf417, type Matrix } from './pdf417.js';

/** The segments of one product: its id and quantity, then its expiry. */
function segments(item: BoxItem): string[] {
  const out = [`FNSKU:${item.fnsku}`, `QTY:${item.quantity}`];
  if (item.exp) out.push(`EXP:${item.exp.slice(2, 4)}${item.exp.slice(5, 7)}${item.exp.slice(8, 10)}`);
  return out;
}

/** The 2D string of some products of one shipment. */
export function contentsText(shipmentId: string, items: readonly BoxItem[]): string {
  return ['AMZN', `PO:${shipmentId}`, ...items.flatMap(segments)].join(',');
}

/** Where a symbol must fit: its columns (data codewords across) and the most rows the label has room for. */
export interface SymbolRoom {
  columns: number;
  maxRows: number;
}

export interface ContentsSymbol {
  text: string;
  matrix: Matrix;
}

/**
 * The box's contents as PDF417 symbols that each fit `room`: as many products a symbol as fit (each
 * encoded at ECC level 6 by src/pack/pdf417.ts, and measured), the rest in the next. Throws when one product alone
 * does not fit, which a label's room never allows.
 */
export function contentsSymbols(shipmentId: string, items: readonly BoxItem[], room: SymbolRoom): ContentsSymbol[] {
  const whole = pdf417(contentsText(shipmentId, items), room.columns);
  if (whole && whole.rows <= room.maxRows) return [{ text: contentsText(shipmentId, items), matrix: whole }];
  const out: ContentsSymbol[] = [];
  let start = 0;
  while (start < items.length) {
    let best: ContentsSymbol | undefined;
    let end = start + 1;
    for (; end <= items.length; end++) {
      const text = contentsText(shipmentId, items.slice(start, end));
      const matrix = pdf417(text, room.columns);
      if (!matrix || matrix.rows > room.maxRows) break;
      best = { text, matrix };
    }
    if (!best)
      throw new Error(
        `the contents of one product do not fit a PDF417 symbol of ${room.columns} columns and ${room.maxRows} rows`,
      );
    out.push(best);
    start = end - 1;
  }
  return out;
}
