/**
 * Labels as ZPL II for Zebra printers at 203 dpi: one ^XA…^XZ format per distinct label, its barcode
 * a printer-drawn Code 128 (^BC), its copies printed by ^PQ.
 */
import { barcodeLines, type BarcodeLines, type HeadingLabel, type LabelRun } from './content.js';
import type { Layout } from './layouts.js';
import { code128 } from './code128.js';

export const DPI = 203;
const dots = (pt: number) => Math.round((pt * DPI) / 72);
/** Module width in dots (2 dots ≈ 0.25 mm); every label size leaves more than 10 modules of quiet zone each side. */
const MODULE = 2;

/** Field data with ^, ~ and _ written as ^FH hex escapes, so server text cannot become commands. */
export function field(text: string): string {
  return (
    '^FH_^FD' +
    text.replace(/[\^~_\\]/g, (c) => '_' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')) +
    '^FS'
  );
}

/** ZPL font 0 has no fixed width: a character is at most about this share of its height on average. */
const FONT0_WIDTH = 0.6;

/** How many characters of font 0 at height `size` fit in `width` dots, about. */
function charsIn(width: number, size: number): number {
  return Math.floor(width / (size * FONT0_WIDTH));
}

/** Text cut to `chars` characters at most, ending in "..." when cut. */
function cut(text: string, chars: number): string {
  return text.length <= chars ? text : text.slice(0, Math.max(0, chars - 3)).trimEnd() + '...';
}

function unit(label: BarcodeLines, width: number, height: number, copies: number): string[] {
  const pad = dots(4.5);
  const textHeight = { fnsku: 24, title: 18, condition: 20 };
  const titleLines = height >= dots(85) ? 2 : 1;
  const text = textHeight.fnsku + titleLines * textHeight.title + textHeight.condition + 12;
  const barHeight = Math.min(dots(36), height - 2 * pad - text);
  const barWidth = code128(label.code).modules * MODULE;
  const top = Math.round((height - barHeight - text) / 2);
  const inner = width - 2 * pad;
  const perLine = charsIn(inner, textHeight.title);
  let y = top + barHeight + 4;
  const out = [
    // >: starts subset B, so the symbol is the same whichever printer firmware encodes it.
    `^FO${Math.round((width - barWidth) / 2)},${top}^BY${MODULE},3,${barHeight}^BCN,${barHeight},N,N,N,N^FD>:${label.code}^FS`,
    `^FO${pad},${y}^A0N,${textHeight.fnsku},${textHeight.fnsku}^FB${inner},1,0,C${field(label.code)}`,
  ];
  y += textHeight.fnsku + 4;
  const title = field(cut(label.title, perLine * titleLines));
  out.push(`^FO${pad},${y}^A0N,${textHeight.title},${textHeight.title}^FB${inner},${titleLines},0,C${title}`);
  y += titleLines * textHeight.title + 4;
  out.push(
    `^FO${pad},${y}^A0N,${textHeight.condition},${textHeight.condition}^FB${inner},1,0,C${field(label.condition)}`,
  );
  return [...out, `^PQ${copies}`];
}

function heading(label: HeadingLabel, width: number, height: number, copies: number): string[] {
  const pad = dots(4.5);
  const inner = width - 4 * pad;
  const rows: Array<[string, number]> = [
    ['SHIPMENT', 18],
    [label.shipmentId, 36],
    [`to ${label.center}`, 28],
    [label.contents, 18],
  ];
  let y = Math.round((height - rows.reduce((s, [, h]) => s + h + 6, -6)) / 2);
  const out = [`^FO${pad},${pad}^GB${width - 2 * pad},${height - 2 * pad},3^FS`];
  for (const [text, size] of rows) {
    out.push(`^FO${2 * pad},${y}^A0N,${size},${size}^FB${inner},1,0,C${field(cut(text, charsIn(inner, size)))}`);
    y += size + 6;
  }
  return [...out, `^PQ${copies}`];
}

/** The runs as ZPL (UTF-8, ^CI28) for a roll of `layout`'s label size. */
export function renderZpl(runs: readonly LabelRun[], layout: Layout): string {
  const width = dots(layout.label.width);
  const height = dots(layout.label.height);
  const blocks = runs.map((run) => {
    const body =
      run.label.kind === 'heading'
        ? heading(run.label, width, height, run.copies)
        : unit(barcodeLines(run.label), width, height, run.copies);
    return ['^XA', '^CI28', `^PW${width}`, `^LL${height}`, '^LH0,0', ...body, '^XZ'].join('\n');
  });
  return blocks.join('\n') + '\n';
}
