/** PDF417 symbols from bwip-js as a module matrix (drawn by the PDF and checked by the label geometry), error correction level 6. */
import bwipjs from 'bwip-js';

/** Error correction level of every symbol: 6, the least Amazon accepts for box contents. */
export const EC_LEVEL = 6;
/** Rows are this many modules high (Amazon: at least 3). */
export const ROW_HEIGHT = 3;
/** Modules of a symbol that are not data columns: start, left and right row indicators, stop. */
export const OVERHEAD_MODULES = 69;
/** Width of one data column in modules. */
export const COLUMN_MODULES = 17;

export interface Matrix {
  /** Width in modules. */
  width: number;
  rows: number;
  /** rows × width, 1 where a module is dark, row by row. */
  dark: Uint8Array;
}

// bwip-js takes several milliseconds a symbol at level 6 (its Reed-Solomon step runs in emulated
// PostScript): boxes of the same contents (case packs) are encoded once.
const made = new Map<string, Matrix | undefined>();
const KEPT = 4096;

/** The PDF417 symbol of `text` with `columns` data columns; undefined when no symbol that narrow holds it (over 90 rows). */
export function pdf417(text: string, columns: number): Matrix | undefined {
  const key = `${columns}\0${text}`;
  if (made.has(key)) return made.get(key);
  const matrix = encode(text, columns);
  if (made.size >= KEPT) made.clear();
  made.set(key, matrix);
  return matrix;
}

function encode(text: string, columns: number): Matrix | undefined {
  // bwip-js takes the symbol's own options (eclevel, columns, rowmult) beside the render options its types list.
  const options = { bcid: 'pdf417', text, eclevel: EC_LEVEL, columns, rowmult: ROW_HEIGHT } as unknown as Parameters<typeof bwipjs.raw>[0];
  let raw: { pixs: number[]; pixx: number } | undefined;
  try {
    [raw] = bwipjs.raw(options) as unknown as Array<{ pixs: number[]; pixx: number }>;
  } catch (error) {
    if (/insufficientCapacity/i.test(String(error))) return undefined;
    throw error;
  }
  const width = raw!.pixx;
  return { width, rows: raw!.pixs.length / width, dark: Uint8Array.from(raw!.pixs) };
}

/** The most data columns a symbol of `module` points may have across `width` points, keeping a 2-module quiet zone each side. */
export function columnsFor(width: number, module: number): number {
  return Math.min(30, Math.floor((width / module - 4 - OVERHEAD_MODULES) / COLUMN_MODULES));
}
