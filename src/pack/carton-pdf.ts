/** Carton labels as PDF (pdfkit): addresses, shipment and box, the box id in Code 128, the contents in PDF417, all vectors. */
import PDFDocument from 'pdfkit';
import { code128, QUIET_ZONE } from '../labels/code128.js';
import type { CartonLabel } from './cartons.js';
import { boxFacts } from './cartons.js';
import {
  ADDRESS_LINES,
  ADDRESS_TOP,
  BARCODE,
  FIRST_RULE,
  LABEL,
  PAD,
  SECOND_RULE,
  SHIPMENT_TOP,
  SYMBOL_TOP,
  THIRD_RULE,
  type CartonLayout,
} from './carton-layout.js';
import { ROW_HEIGHT } from './pdf417.js';

type Doc = PDFKit.PDFDocument;

/** Renders the labels on `layout`; resolves to the PDF bytes. */
export function renderCartonPdf(labels: readonly CartonLabel[], layout: CartonLayout): Promise<Buffer> {
  // Uncompressed: a zlib stream a page and a symbol (two thousand of them) cost more memory and time than the file saves.
  const doc = new PDFDocument({
    size: [layout.page.width, layout.page.height],
    margin: 0,
    autoFirstPage: false,
    compress: false,
    info: { Title: 'Carton labels', Creator: 'inv' },
  });
  // Printed at 100 %: scaling would shrink the PDF417 modules below 0.020 in.
  (doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.ViewerPreferences = doc.ref({
    PrintScaling: 'None',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  labels.forEach((label, i) => {
    const at = i % layout.places.length;
    if (at === 0) doc.addPage({ size: [layout.page.width, layout.page.height], margin: 0 });
    drawCarton(doc, label, layout, layout.places[at]!);
  });
  doc.end();
  return done;
}

function drawCarton(doc: Doc, label: CartonLabel, layout: CartonLayout, at: { x: number; y: number }): void {
  const { width: w, height: h } = LABEL;
  const x0 = at.x + PAD;
  const inner = w - 2 * PAD;
  const half = (inner - 8) / 2;
  if (layout.places.length > 1) doc.lineWidth(0.5).rect(at.x, at.y, w, h).dash(3, { space: 3 }).stroke('#888').undash();
  address(doc, 'SHIP FROM:', label.shipFrom, x0, at.y + ADDRESS_TOP, half, 'Helvetica', 7.5);
  address(doc, 'SHIP TO:', label.shipTo, x0 + half + 8, at.y + ADDRESS_TOP, half, 'Helvetica-Bold', 8);
  rule(doc, at.x, at.y + FIRST_RULE);
  text(doc, 'FBA SHIPMENT', 'Helvetica', 6.5, x0, at.y + SHIPMENT_TOP, inner);
  text(doc, label.shipmentId, 'Helvetica-Bold', 15, x0, at.y + SHIPMENT_TOP + 9, inner);
  const boxOf = `BOX ${label.box.box} OF ${label.boxes}`;
  doc.font('Helvetica-Bold').fontSize(15);
  doc.text(boxOf, x0 + inner - doc.widthOfString(boxOf), at.y + SHIPMENT_TOP + 9, { lineBreak: false });
  const units = label.box.items.reduce((n, i) => n + i.quantity, 0);
  const parts = label.parts > 1 ? ` · contents ${label.part} of ${label.parts}` : '';
  text(
    doc,
    `${boxFacts(label.box)} · ${units} unit${units === 1 ? '' : 's'}${parts}`,
    'Helvetica',
    8,
    x0,
    at.y + SHIPMENT_TOP + 30,
    inner,
  );
  if (label.box.teamLift) {
    const tag = 'TEAM LIFT';
    doc.font('Helvetica-Bold').fontSize(11);
    const tw = doc.widthOfString(tag) + 8;
    doc.rect(x0 + inner - tw, at.y + SHIPMENT_TOP + 29, tw, 14).fill('black');
    doc
      .fillColor('white')
      .text(tag, x0 + inner - tw + 4, at.y + SHIPMENT_TOP + 31.5, { lineBreak: false })
      .fillColor('black');
  }
  rule(doc, at.x, at.y + SECOND_RULE);
  const bars = code128(label.box.boxId);
  const module = Math.min(layout.barModule, inner / (bars.modules + 2 * QUIET_ZONE));
  const bx = at.x + (w - bars.modules * module) / 2;
  for (const bar of bars.bars) doc.rect(bx + bar.x * module, at.y + BARCODE.top, bar.width * module, BARCODE.height);
  doc.fillColor('black').fill();
  doc.font('Helvetica').fontSize(9);
  doc.text(label.box.boxId, at.x + (w - doc.widthOfString(label.box.boxId)) / 2, at.y + BARCODE.textTop, {
    lineBreak: false,
  });
  rule(doc, at.x, at.y + THIRD_RULE);
  const { matrix } = label.symbol;
  const m = layout.module;
  const sx = at.x + (w - matrix.width * m) / 2;
  const sy = at.y + SYMBOL_TOP + (h - PAD - SYMBOL_TOP - matrix.rows * ROW_HEIGHT * m) / 2;
  drawSymbol(doc, matrix, sx, sy, m);
}

/**
 * The symbol as a 1-bit image mask, one sample a module (a row of samples a symbol row), scaled to the
 * module size: a thousand symbols of a thousand rectangles each took seconds to write.
 */
function drawSymbol(doc: Doc, matrix: CartonLabel['symbol']['matrix'], x: number, y: number, module: number): void {
  const stride = Math.ceil(matrix.width / 8);
  const bits = Buffer.alloc(stride * matrix.rows);
  for (let r = 0; r < matrix.rows; r++) {
    for (let c = 0; c < matrix.width; c++)
      if (matrix.dark[r * matrix.width + c]) bits[r * stride + (c >> 3)]! |= 0x80 >> (c & 7);
  }
  // Decode [1 0]: a 1 sample is painted in the fill colour; Interpolate false keeps the module edges sharp.
  const image = doc.ref({
    Type: 'XObject',
    Subtype: 'Image',
    Width: matrix.width,
    Height: matrix.rows,
    ImageMask: true,
    BitsPerComponent: 1,
    Decode: [1, 0],
    Interpolate: false,
  });
  image.end(bits);
  const name = `P${++symbols}`;
  (doc.page as unknown as { xobjects: Record<string, unknown> }).xobjects[name] = image;
  const w = matrix.width * module;
  const h = matrix.rows * ROW_HEIGHT * module;
  doc.save().fillColor('black');
  doc.transform(w, 0, 0, -h, x, y + h);
  doc.addContent(`/${name} Do`);
  doc.restore();
}

let symbols = 0;

function address(
  doc: Doc,
  heading: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
  font: string,
  size: number,
): void {
  text(doc, heading, 'Helvetica-Bold', 6.5, x, y, width);
  lines.slice(0, ADDRESS_LINES).forEach((line, i) => text(doc, line, font, size, x, y + 9 + i * (size + 2), width));
}

function rule(doc: Doc, x: number, y: number): void {
  doc
    .lineWidth(1)
    .moveTo(x + PAD, y)
    .lineTo(x + LABEL.width - PAD, y)
    .stroke('black');
}

/** One line of text at (x, y), cut with an ellipsis to `width`. */
function text(doc: Doc, value: string, font: string, size: number, x: number, y: number, width: number): void {
  if (!value) return;
  doc.font(font).fontSize(size);
  let shown = value;
  while (shown.length > 1 && doc.widthOfString(shown) > width) shown = shown.slice(0, -2) + '…';
  doc.text(shown, x, y, { lineBreak: false, lineGap: 0 });
}
