/**
 * The one Code 128 encoder (src/labels/code128.ts): FNSKU labels and carton labels draw the same symbol of the same
 * text, and that symbol is the one bwip-js (the sandbox's PNG labels) draws in code set B.
 */
import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import { code128, type Bars } from '../../src/labels/code128.js';
import { renderZpl } from '../../src/labels/zpl.js';
import { LAYOUTS } from '../../src/labels/layouts.js';

/** The bars bwip-js draws for `text`, at one unit a module (its drawing interface, as the FNSKU labels once read it). */
function bwipBars(text: string): Bars {
  let modules = 0;
  const bars: Bars['bars'] = [];
  bwipjs.render<void>(
    { bcid: 'code128', text, scale: 1, height: 10 },
    {
      scale: () => null,
      measure: () => ({ width: 0, ascent: 0, descent: 0 }),
      init: (width) => void (modules = width),
      // At scale 1, x is the centre of an even-width bar and half a module right of the centre of an odd one.
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

describe('one Code 128 encoder', () => {
  // bwip-js switches to code set C for four digits or more in a row: these texts are set B throughout in both.
  it.each(['X000ABC123', 'B00X4WHP5E', 'X00ZQ7W1K9', 'FBA15ABC-U1', 'a b~!{|}', 'Mug_11oz'])(
    'draws %s bar for bar as bwip-js does',
    (text) => {
      expect(code128(text)).toEqual(bwipBars(text));
    },
  );

  it('gives the PDF and the ZPL label one symbol of an FNSKU with digits in a row (bwip-js drew 112 modules, ZPL 145)', () => {
    const fnsku = 'X001234567';
    const layout = LAYOUTS['thermal-2x1'];
    const zpl = renderZpl([{ label: { kind: 'unit', fnsku, title: 'Mug', condition: 'New' }, copies: 1 }], layout);
    const [, x] = /\^FO(\d+),\d+\^BY2,3,\d+\^BCN,\d+,N,N,N,N\^FD>:X001234567\^FS/.exec(zpl) ?? [];
    const width = Math.round((layout.label.width * 203) / 72);
    expect(Number(x)).toBe(Math.round((width - code128(fnsku).modules * 2) / 2));
  });

  it('refuses a character code set B cannot carry, naming it', () => {
    expect(() => code128('Café')).toThrow(/"é" is not printable ASCII/);
  });
});
