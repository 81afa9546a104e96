/** The carton labels of a packing: one per box, or one per contents symbol when a box's contents need several. */
import { printable } from '../labels/content.js';
import { contentsSymbols, type ContentsSymbol, type SymbolRoom } from './contents.js';
import type { Box, Packing } from './packing-types.js';

export interface CartonLabel {
  shipmentId: string;
  box: Box;
  boxes: number;
  shipFrom: string[];
  shipTo: string[];
  symbol: ContentsSymbol;
  /** Which of the box's contents symbols this label carries (1-based), and how many there are. */
  part: number;
  parts: number;
}

/** "12.5 lb · 18 x 14 x 10 in". */
export function boxFacts(box: Box): string {
  return `${box.weightLb} lb · ${box.lengthIn} x ${box.widthIn} x ${box.heightIn} in`;
}

/** Address text as lines: split at "|" or new lines, each made printable. */
export function addressLines(text: string): string[] {
  return text
    .split(/\s*[|\n]\s*/)
    .map(printable)
    .filter(Boolean);
}

/** The labels to print, in box order; `onBox` is called after each box's symbols are made. */
export function cartonLabels(
  packing: Packing,
  shipFrom: string[],
  room: SymbolRoom,
  onBox?: () => void,
): CartonLabel[] {
  const out: CartonLabel[] = [];
  for (const box of packing.boxes) {
    const symbols = contentsSymbols(packing.shipmentId, box.items, room);
    symbols.forEach((symbol, i) =>
      out.push({
        shipmentId: packing.shipmentId,
        box,
        boxes: packing.boxes.length,
        shipFrom,
        shipTo: packing.shipTo,
        symbol,
        part: i + 1,
        parts: symbols.length,
      }),
    );
    onBox?.();
  }
  return out;
}
