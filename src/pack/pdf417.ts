/**
 * PDF417 symbols as a module matrix (drawn by the PDF, measured by the label geometry), error
 * correction level 6, encoded here: bwip-js takes 15-30 ms a symbol at level 6 (its Reed-Solomon step
 * runs in emulated PostScript), too slow for a thousand cartons. The codeword bar patterns are bwip-js's
 * own, read from its symbols by scripts/pdf417-patterns.mjs; text compaction and the error correction
 * follow ISO/IEC 15438. Unit tests compare whole symbols with bwip-js's and decode them with zxing.
 */
import { CLUSTERS } from './pdf417-patterns.js';

/** Error correction level of every symbol: 6, the least Amazon accepts for box contents. */
export const EC_LEVEL = 6;
/** Rows are this many modules high (Amazon: at least 3). */
export const ROW_HEIGHT = 3;
/** Modules of a symbol that are not data columns: start, left and right row indicators, stop. */
export const OVERHEAD_MODULES = 69;
/** Width of one data column in modules. */
export const COLUMN_MODULES = 17;
const MAX_ROWS = 90;
const START = '11111111010101000';
const STOP = '111111101000101001';
const PAD = 900;

export interface Matrix {
  /** Width in modules. */
  width: number;
  rows: number;
  /** rows × width, 1 where a module is dark, row by row. */
  dark: Uint8Array;
}

/** The most data columns a symbol of `module` points may have across `width` points, keeping a 2-module quiet zone each side. */
export function columnsFor(width: number, module: number): number {
  return Math.min(30, Math.floor((width / module - 4 - OVERHEAD_MODULES) / COLUMN_MODULES));
}

let clusters: string[][] | undefined;

/** The 17-module pattern of every codeword in each of the three row clusters, unpacked once. */
function patterns(): string[][] {
  clusters ??= CLUSTERS.map((packed) =>
    Array.from({ length: 929 }, (_, i) =>
      parseInt(packed.slice(4 * i, 4 * i + 4), 36)
        .toString(2)
        .padStart(17, '0'),
    ),
  );
  return clusters;
}

// Text compaction values of the characters of a box-contents text, by submode.
const ALPHA = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ '].map((c, i) => [c, i]));
const MIXED = new Map(
  [...'0123456789&\r\t,:#-.$/+%*=^'].map((c, i) => [c, i]).concat([[' ', 26]]) as Array<[string, number]>,
);
const PUNCT = new Map([...';<>@[\\]_`~!\r\t,:\n-.$/"|*()?{}\''].map((c, i) => [c, i]));
const TO_MIXED = 28;
const TO_ALPHA = 28;
const SHIFT_PUNCT = 29;
const PAD_VALUE = 29;

/** Text compaction codewords of `text` (capitals, digits, space and the Mixed punctuation only). */
export function textCodewords(text: string): number[] {
  const values: number[] = [];
  let mode: 'alpha' | 'mixed' = 'alpha';
  const chars = [...text];
  chars.forEach((c, i) => {
    // One punctuation mark between capitals: a shift (two values) beats a latch there and back (three).
    if (mode === 'alpha' && !ALPHA.has(c) && PUNCT.has(c) && ALPHA.has(chars[i + 1] ?? '')) {
      values.push(SHIFT_PUNCT, PUNCT.get(c)!);
      return;
    }
    if (mode === 'alpha' && !ALPHA.has(c)) {
      values.push(TO_MIXED);
      mode = 'mixed';
    } else if (mode === 'mixed' && !MIXED.has(c)) {
      values.push(TO_ALPHA);
      mode = 'alpha';
    }
    const value = (mode === 'alpha' ? ALPHA : MIXED).get(c);
    if (value === undefined) throw new Error(`"${c}" has no PDF417 text compaction value here`);
    values.push(value);
  });
  if (values.length % 2) values.push(PAD_VALUE);
  const out: number[] = [];
  for (let i = 0; i < values.length; i += 2) out.push(30 * values[i]! + values[i + 1]!);
  return out;
}

let generator: number[] | undefined;

/** Coefficients of (x - 3)(x - 3²)…(x - 3^k) mod 929, lowest first (the leading 1 left out). */
function coefficients(k: number): number[] {
  if (generator?.length === k) return generator;
  let g = [1];
  let power = 1;
  for (let i = 1; i <= k; i++) {
    power = (power * 3) % 929;
    const next = Array<number>(g.length + 1).fill(0);
    g.forEach((c, j) => {
      next[j + 1] = (next[j + 1]! + c) % 929;
      next[j] = (next[j]! + 929 - ((c * power) % 929)) % 929;
    });
    g = next;
  }
  generator = g.slice(0, k);
  return generator;
}

/** The k error correction codewords of `data`, in symbol order. */
function errorCodewords(data: readonly number[], k: number): number[] {
  const a = coefficients(k);
  const ecc = Array<number>(k).fill(0);
  for (const d of data) {
    const t1 = (d + ecc[k - 1]!) % 929;
    for (let j = k - 1; j >= 1; j--) ecc[j] = (ecc[j - 1]! + 929 - ((t1 * a[j]!) % 929)) % 929;
    ecc[0] = (929 - ((t1 * a[0]!) % 929)) % 929;
  }
  return ecc.map((e) => (e === 0 ? 0 : 929 - e)).reverse();
}

/** The symbol of these data codewords (length descriptor not included) with `columns` columns; undefined over 90 rows. */
export function symbolOf(codewords: readonly number[], columns: number): Matrix | undefined {
  const k = 2 ** (EC_LEVEL + 1);
  const rows = Math.max(3, Math.ceil((codewords.length + 1 + k) / columns));
  if (rows > MAX_ROWS) return undefined;
  const pad = rows * columns - k - codewords.length - 1;
  const data = [codewords.length + 1 + pad, ...codewords, ...Array<number>(pad).fill(PAD)];
  const all = [...data, ...errorCodewords(data, k)];
  const tables = patterns();
  const width = OVERHEAD_MODULES + columns * COLUMN_MODULES;
  const dark = new Uint8Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const cluster = r % 3;
    const base = 30 * Math.floor(r / 3);
    const rowsPart = Math.floor((rows - 1) / 3);
    const levelPart = EC_LEVEL * 3 + ((rows - 1) % 3);
    const left = base + [rowsPart, levelPart, columns - 1][cluster]!;
    const right = base + [columns - 1, rowsPart, levelPart][cluster]!;
    const table = tables[cluster]!;
    const bits =
      START +
      table[left] +
      all
        .slice(r * columns, (r + 1) * columns)
        .map((cw) => table[cw])
        .join('') +
      table[right] +
      STOP;
    for (let i = 0; i < width; i++) dark[r * width + i] = bits.charCodeAt(i) === 49 ? 1 : 0;
  }
  return { width, rows, dark };
}

/** The PDF417 symbol of `text` with `columns` data columns; undefined when no symbol that narrow holds it (over 90 rows). */
export function pdf417(text: string, columns: number): Matrix | undefined {
  return symbolOf(textCodewords(text), columns);
}
