/**
 * Carton label layouts in PDF points (1/72 in): a 4 × 6 in thermal label a page, or two 4 × 6 in
 * labels side by side on US Letter; and where the parts of one label go, relative to its top-left corner.
 */
import { columnsFor, ROW_HEIGHT } from './pdf417.js';
import type { SymbolRoom } from './contents.js';

const IN = 72;

export type CartonLayoutName = '4x6' | 'letter-2up';
export const CARTON_LAYOUTS: readonly CartonLayoutName[] = ['4x6', 'letter-2up'];

export interface CartonLayout {
  name: CartonLayoutName;
  page: { width: number; height: number };
  /** Top-left corner of each label on a page, in print order. */
  places: Array<{ x: number; y: number }>;
  /** PDF417 module width: 0.020 in, Amazon's least. */
  module: number;
  /** Code 128 module width. */
  barModule: number;
}

export const LABEL = { width: 4 * IN, height: 6 * IN } as const;

/** The layout of that name. */
export function cartonLayout(name: CartonLayoutName): CartonLayout {
  const base = { module: 0.02 * IN, barModule: 0.013 * IN };
  return name === '4x6'
    ? { ...base, name, page: { ...LABEL }, places: [{ x: 0, y: 0 }] }
    : {
        ...base,
        name,
        page: { width: 8.5 * IN, height: 11 * IN },
        places: [
          { x: 0.25 * IN, y: 2.5 * IN },
          { x: 4.25 * IN, y: 2.5 * IN },
        ],
      };
}

/** Inner padding of a label; the rules and regions below, top to bottom. */
export const PAD = 12;
export const ADDRESS_TOP = PAD;
export const ADDRESS_LINES = 5;
export const FIRST_RULE = 86;
export const SHIPMENT_TOP = 92;
export const SECOND_RULE = 146;
export const BARCODE = { top: 154, height: 48, textTop: 206 } as const;
export const THIRD_RULE = 222;
export const SYMBOL_TOP = 230;

/** The room the contents symbol has on a label of this layout. */
export function symbolRoom(layout: CartonLayout): SymbolRoom {
  return {
    columns: columnsFor(LABEL.width - 2 * PAD, layout.module),
    maxRows: Math.floor((LABEL.height - PAD - SYMBOL_TOP) / (ROW_HEIGHT * layout.module)),
  };
}
