/** Label sheets and thermal rolls as PDF (pdfkit), barcodes as vector bars: page and label sizes exact in points. */
import PDFDocument from 'pdfkit';
import { code128, type Bars } from './code128.js';
import { barcodeLines, type BarcodeLines, type HeadingLabel, type LabelRun } from './content.js';
import { labelPad, TEXT_ASCENT, unitBox, type UnitBox } from './label-box.js';
import { currentParsedFont, FONT, registerLabelFonts } from './fonts.js';
import { slotPlace, type Layout } from './layouts.js';

type Doc = PDFKit.PDFDocument;

/**
 * Renders the runs on `layout`, the first label at sheet position `start` (1-based); resolves to the PDF bytes.
 * `onLabel` is called after each label; characters the label fonts do not have are drawn as "?" and added to `missing`.
 */
export function renderPdf(
  runs: readonly LabelRun[],
  layout: Layout,
  start = 1,
  onLabel?: () => void,
  missing = new Set<string>(),
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [layout.page.width, layout.page.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'FNSKU labels', Creator: 'inv' },
  });
  // Printed at 100 %: a viewer's "fit to page" would move every label off its place on the sheet.
  (doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.ViewerPreferences = doc.ref({
    PrintScaling: 'None',
  });
  registerLabelFonts(doc);
  const covered = covers(doc);
  // Text the font cannot draw becomes "?" (and is named to the user) rather than a blank box or nothing.
  const drawable = (text: string) => [...text].map((c) => (covered(c) ? c : (missing.add(c), '?'))).join('');
  runs = runs.map((run) => ({
    ...run,
    label:
      run.label.kind === 'unit'
        ? { ...run.label, title: drawable(run.label.title), condition: drawable(run.label.condition) }
        : run.label.kind === 'bin'
          ? { ...run.label, name: drawable(run.label.name), type: drawable(run.label.type) }
          : {
              ...run.label,
              shipmentId: drawable(run.label.shipmentId),
              center: drawable(run.label.center),
              contents: drawable(run.label.contents),
            },
  }));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let slot = start - 1;
  let page = -1;
  for (const run of runs) {
    // Bars and shortened text are worked out once a run, then drawn for each copy.
    const unit = run.label.kind === 'heading' ? undefined : unitParts(doc, barcodeLines(run.label), layout);
    for (let copy = 0; copy < run.copies; copy++, slot++) {
      const place = slotPlace(layout, slot);
      while (page < place.page) {
        doc.addPage({ size: [layout.page.width, layout.page.height], margin: 0 });
        page++;
      }
      if (unit) drawUnit(doc, unit, layout, place);
      else if (run.label.kind === 'heading') drawHeading(doc, run.label, layout, place);
      onLabel?.();
    }
  }
  doc.end();
  return done;
}

/** Whether the label font has a glyph for a character (spaces always pass). */
function covers(doc: Doc): (c: string) => boolean {
  const font = currentParsedFont(doc.font(FONT.regular));
  return (c) => /\s/.test(c) || font.hasGlyphForCodePoint(c.codePointAt(0)!);
}

interface UnitParts {
  bars: Bars;
  box: UnitBox;
  /** Each text line with its font: fnsku, title lines, condition. */
  lines: Array<{ text: string; font: string }>;
}

function unitParts(doc: Doc, label: BarcodeLines, layout: Layout): UnitParts {
  const bars = code128(label.code);
  const box = unitBox(layout, bars.modules);
  const titles = wrap(
    doc,
    label.title,
    FONT.regular,
    box.lines[1]!.size,
    layout.label.width - 2 * box.pad,
    box.titleLines,
  );
  return {
    bars,
    box,
    lines: [
      { text: label.code, font: FONT.regular },
      ...Array.from({ length: box.titleLines }, (_, i) => ({ text: titles[i] ?? '', font: FONT.regular })),
      {
        text: fit(doc, label.condition, FONT.bold, box.lines.at(-1)!.size, layout.label.width - 2 * box.pad),
        font: FONT.bold,
      },
    ],
  };
}

function drawUnit(doc: Doc, { bars, box, lines }: UnitParts, layout: Layout, at: { x: number; y: number }): void {
  const { barcode, module } = box;
  const x0 = at.x + barcode.x;
  for (const bar of bars.bars) doc.rect(x0 + bar.x * module, at.y + barcode.y, bar.width * module, barcode.height);
  doc.fillColor('black').fill();
  lines.forEach((line, i) =>
    centred(doc, line.text, line.font, box.lines[i]!.size, at.x + layout.label.width / 2, at.y + box.lines[i]!.y),
  );
}

function drawHeading(doc: Doc, label: HeadingLabel, layout: Layout, at: { x: number; y: number }): void {
  const { width: w, height: h } = layout.label;
  const pad = labelPad(layout);
  doc
    .lineWidth(1.5)
    .rect(at.x + pad, at.y + pad, w - 2 * pad, h - 2 * pad)
    .stroke('black');
  const cx = at.x + w / 2;
  const inner = w - 4 * pad;
  const rows: Array<[string, string, number]> = [
    ['SHIPMENT', FONT.regular, 6.5],
    [label.shipmentId, FONT.bold, 12],
    [`to ${label.center}`, FONT.bold, 9],
    [label.contents, FONT.regular, 6.5],
  ];
  const total = rows.reduce((sum, [, , size]) => sum + size * 0.925 + 2, -2);
  let y = at.y + (h - total) / 2;
  for (const [text, font, size] of rows) {
    centred(doc, fit(doc, text, font, size, inner), font, size, cx, y);
    y += size * 0.925 + 2;
  }
}

/** One line of text centred on cx, its top at y (its baseline TEXT_ASCENT × size below, whatever the font's ascender). */
function centred(doc: Doc, text: string, font: string, size: number, cx: number, y: number): void {
  if (!text) return;
  doc.font(font).fontSize(size);
  // pdfkit puts the baseline one font ascender below y; Noto Sans's (1069 per 1000) leaves room for stacked accents.
  const ascender = (doc as unknown as { _font: { ascender: number } })._font.ascender / 1000;
  doc.text(text, cx - doc.widthOfString(text) / 2, y - (ascender - TEXT_ASCENT) * size, {
    lineBreak: false,
    lineGap: 0,
  });
}

/** The text cut to `width` points, ending in an ellipsis when cut. */
function fit(doc: Doc, text: string, font: string, size: number, width: number): string {
  doc.font(font).fontSize(size);
  if (doc.widthOfString(text) <= width) return text;
  let n = text.length;
  while (n > 0 && doc.widthOfString(text.slice(0, n).trimEnd() + '…') > width) n--;
  return text.slice(0, n).trimEnd() + '…';
}

/** The text over at most `lines` lines of `width` points, at word breaks; the last line cut with an ellipsis. */
function wrap(doc: Doc, text: string, font: string, size: number, width: number, lines: number): string[] {
  doc.font(font).fontSize(size);
  const out: string[] = [];
  let rest = text;
  while (out.length < lines - 1 && rest && doc.widthOfString(rest) > width) {
    const words = rest.split(' ');
    let n = words.length - 1;
    while (n > 1 && doc.widthOfString(words.slice(0, n).join(' ')) > width) n--;
    const head = fit(doc, words.slice(0, n).join(' '), font, size, width);
    out.push(head);
    rest = head.endsWith('…') ? '' : words.slice(n).join(' ');
  }
  if (rest) out.push(fit(doc, rest, font, size, width));
  return out;
}
