/**
 * Label layouts in PDF points (1/72 in): the page, the label size and where each label sits.
 * Sheets are read left to right, top to bottom; a thermal roll has one label a page.
 */

const IN = 72;
const MM = 72 / 25.4;

export type LayoutName = 'avery-5160' | 'a4-24' | 'thermal-2.25x1.25' | 'thermal-2x1';

export interface Layout {
  name: LayoutName;
  /** Page size in points. */
  page: { width: number; height: number };
  /** Label size in points. */
  label: { width: number; height: number };
  columns: number;
  rows: number;
  /** Top-left corner of the first label, from the page's top-left corner. */
  origin: { x: number; y: number };
  /** Distance from one label's left (top) edge to the next one's. */
  pitch: { x: number; y: number };
  /** Width of one barcode module: a whole number of printer dots (300 dpi lasers, 203 dpi thermal heads). */
  module: number;
}

export const LAYOUTS: Readonly<Record<LayoutName, Layout>> = {
  // Avery 5160 / 8160: US Letter, 2 5/8 x 1 in, 3 x 10, 0.5 in top margin, 3/16 in sides, 2 3/4 in column pitch.
  'avery-5160': {
    name: 'avery-5160',
    page: { width: 8.5 * IN, height: 11 * IN },
    label: { width: 2.625 * IN, height: 1 * IN },
    columns: 3,
    rows: 10,
    origin: { x: (3 / 16) * IN, y: 0.5 * IN },
    pitch: { x: 2.75 * IN, y: 1 * IN },
    module: (3 / 300) * IN,
  },
  // A4 24-up (Avery L7159 size): 63.5 x 33.9 mm, 3 x 8, 12.9 mm top margin, 66 mm column pitch, centred.
  'a4-24': {
    name: 'a4-24',
    page: { width: 210 * MM, height: 297 * MM },
    label: { width: 63.5 * MM, height: 33.9 * MM },
    columns: 3,
    rows: 8,
    origin: { x: 7.25 * MM, y: 12.9 * MM },
    pitch: { x: 66 * MM, y: 33.9 * MM },
    module: (3 / 300) * IN,
  },
  'thermal-2.25x1.25': {
    name: 'thermal-2.25x1.25',
    page: { width: 2.25 * IN, height: 1.25 * IN },
    label: { width: 2.25 * IN, height: 1.25 * IN },
    columns: 1,
    rows: 1,
    origin: { x: 0, y: 0 },
    pitch: { x: 0, y: 0 },
    module: (2 / 203) * IN,
  },
  'thermal-2x1': {
    name: 'thermal-2x1',
    page: { width: 2 * IN, height: 1 * IN },
    label: { width: 2 * IN, height: 1 * IN },
    columns: 1,
    rows: 1,
    origin: { x: 0, y: 0 },
    pitch: { x: 0, y: 0 },
    module: (2 / 203) * IN,
  },
};

export const LAYOUT_NAMES = Object.keys(LAYOUTS) as LayoutName[];

/** Labels on one page of the layout. */
export function perPage(layout: Layout): number {
  return layout.columns * layout.rows;
}

/** Where the label in sheet position `slot` (0-based, counted over all pages) goes: its page and top-left corner. */
export function slotPlace(layout: Layout, slot: number): { page: number; x: number; y: number } {
  const n = perPage(layout);
  const at = slot % n;
  return {
    page: Math.floor(slot / n),
    x: layout.origin.x + (at % layout.columns) * layout.pitch.x,
    y: layout.origin.y + Math.floor(at / layout.columns) * layout.pitch.y,
  };
}

/** The layout of that name, or undefined. */
export function layoutNamed(name: string): Layout | undefined {
  return Object.hasOwn(LAYOUTS, name) ? LAYOUTS[name as LayoutName] : undefined;
}

/** The label file formats: PDF sheets and rolls, ZPL for thermal printers. */
export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
