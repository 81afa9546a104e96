/** Code 128 bars from bwip-js's drawing interface, kept as vectors (module units) to draw into a PDF. */
import bwipjs from 'bwip-js';

export interface Bars {
  /** Width of the symbol in modules, quiet zones not included. */
  modules: number;
  /** Each bar's left edge and width, in modules. */
  bars: Array<{ x: number; width: number }>;
}

/** Quiet zone each side of a Code 128 symbol, in modules. */
export const QUIET_ZONE = 10;

/** The bars of a Code 128 symbol of `text`, drawn by bwip-js at one unit a module. */
export function code128(text: string): Bars {
  let modules = 0;
  const bars: Bars['bars'] = [];
  bwipjs.render<void>(
    { bcid: 'code128', text, scale: 1, height: 10 },
    {
      scale: () => null,
      measure: () => ({ width: 0, ascent: 0, descent: 0 }),
      init: (width) => void (modules = width),
      // Linear symbols arrive as vertical lines lw wide; at scale 1, x is the centre of an even-width
      // bar and half a module right of the centre of an odd one (bwip-js's own SVG drawing shifts it back).
      line: (x0, _y0, _x1, _y1, lw) => void bars.push({ x: x0 - (lw % 2 === 1 ? 0.5 : 0) - lw / 2, width: lw }),
      polygon: () => undefined,
      hexagon: () => undefined,
      ellipse: () => undefined,
      fill: () => undefined,
      text: () => undefined,
      end: () => undefined,
    },
  );
  return { modules, bars };
}
