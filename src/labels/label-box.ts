/** Where the parts of one label go inside its box: pure geometry in points, shared by the PDF and its tests. */
import type { Layout } from './layouts.js';
import { QUIET_ZONE } from './code128.js';

export const FONT_SIZE = { fnsku: 8, title: 6.5, condition: 7 } as const;
/** Where a line's baseline sits below its top, per point of size (Helvetica's ascender, 718 per 1000). */
export const TEXT_ASCENT = 0.718;
/** Line height for each size: the ascent plus a descender of 207 per 1000 (Noto Sans's glyphs stay within both). */
const line = (size: number) => size * 0.925;
const GAP = 2;
const MAX_BAR_HEIGHT = 36;

export interface UnitBox {
  /** Inner padding kept clear on every side. */
  pad: number;
  titleLines: number;
  /** Module width used, in points (the layout's, or less when the symbol would not fit with its quiet zones). */
  module: number;
  barcode: { x: number; y: number; width: number; height: number };
  /** Top of each text line, in order: fnsku, title lines, condition. */
  lines: Array<{ y: number; size: number }>;
}

/** The padding kept clear inside every label of a layout, unit or heading, in points. */
export function labelPad(layout: Layout): number {
  // Sheets may shift a little in a laser printer; die-cut thermal labels do not.
  return layout.columns > 1 ? 6 : 4.5;
}

/** The parts of a unit label of `modules` bar modules, relative to the label's top-left corner. */
export function unitBox(layout: Layout, modules: number): UnitBox {
  const { width: w, height: h } = layout.label;
  const pad = labelPad(layout);
  const titleLines = h >= 85 ? 2 : 1;
  const text = line(FONT_SIZE.fnsku) + titleLines * line(FONT_SIZE.title) + line(FONT_SIZE.condition) + 2 * GAP;
  const barHeight = Math.min(MAX_BAR_HEIGHT, h - 2 * pad - 2 * GAP - text);
  const module = Math.min(layout.module, (w - 2 * pad) / (modules + 2 * QUIET_ZONE));
  const top = (h - (barHeight + 2 * GAP + text)) / 2;
  const width = modules * module;
  const lines: UnitBox['lines'] = [];
  let y = top + barHeight + 2 * GAP;
  lines.push({ y, size: FONT_SIZE.fnsku });
  y += line(FONT_SIZE.fnsku) + GAP;
  for (let i = 0; i < titleLines; i++, y += line(FONT_SIZE.title)) lines.push({ y, size: FONT_SIZE.title });
  y += GAP;
  lines.push({ y, size: FONT_SIZE.condition });
  return { pad, titleLines, module, barcode: { x: (w - width) / 2, y: top, width, height: barHeight }, lines };
}
