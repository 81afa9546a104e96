/**
 * The one Code 128 encoder of inv (docs/decisions.md, 27. One Code 128 encoder): code set B drawn from the symbol table,
 * for FNSKU labels and carton labels alike, in PDF, and the width of the symbol a ZPL printer draws in subset B.
 * Code set B carries every printable ASCII character; the tests read the bars back with zxing and compare them with
 * bwip-js's, which draws the sandbox's PNG labels.
 */

export interface Bars {
  /** Width of the symbol in modules, quiet zones not included. */
  modules: number;
  /** Each bar's left edge and width, in modules. */
  bars: Array<{ x: number; width: number }>;
}

/** Quiet zone each side of a Code 128 symbol, in modules. */
export const QUIET_ZONE = 10;

// Bar and space widths of symbol values 0..106 (103-105 are START A/B/C; 106 is STOP, with its final bar).
const WIDTHS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');
const START_B = 104;
const STOP = 106;

/** The bars of `text` (printable ASCII) in code set B, in modules, quiet zones not included. */
export function code128(text: string): Bars {
  const values = [...text].map((c) => {
    const code = c.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`"${c}" is not printable ASCII: Code 128 B cannot carry it`);
    return code - 32;
  });
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  const bars: Bars['bars'] = [];
  let x = 0;
  for (const value of [START_B, ...values, check, STOP]) {
    [...WIDTHS[value]!].forEach((w, i) => {
      if (i % 2 === 0) bars.push({ x, width: Number(w) });
      x += Number(w);
    });
  }
  return { modules: x, bars };
}
