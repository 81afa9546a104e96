/**
 * The label fonts: Noto Sans (Latin, Greek, Cyrillic) regular and bold, embedded as subsets in label PDFs; their files,
 * and their registration in a document, parsed once a process.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { packagedAsset } from '../util/packaged.js';

const PACKAGE = '@expo-google-fonts/noto-sans';
const FILES = { regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' } as const;

export type Weight = keyof typeof FILES;

/** Names the fonts are registered under in a document. */
export const FONT = { regular: 'Label', bold: 'Label-Bold' } as const;

/**
 * The font of `weight`: packaged in the standalone executable, else its file in dist/fonts/ of the built CLI (the build
 * copies it there, because an installed inv has no devDependencies), else in the font package (the sources, in tests).
 */
export function fontFile(weight: Weight): string | Buffer {
  const base = FILES[weight].split('/')[1]!;
  const packaged = packagedAsset(base);
  if (packaged) return packaged;
  for (const dir of ['../fonts/', './fonts/']) {
    const url = new URL(dir + base, import.meta.url);
    if (existsSync(url)) return fileURLToPath(url);
  }
  return createRequire(import.meta.url).resolve(`${PACKAGE}/${FILES[weight]}`);
}

/** A parsed (fontkit) font, which pdfkit takes where it takes a font file. */
interface ParsedFont {
  layout(text: string): unknown;
  hasGlyphForCodePoint(codePoint: number): boolean;
  /** One glyph object per glyph id, holding the characters it first stood for (pdfkit's text layer reads them). */
  _glyphs: Record<number, unknown>;
}

/** The label fonts as parsed for an earlier document: parsing anew (their layout tables) is most of a small document's work. */
const parsedFonts = new Map<Weight, ParsedFont>();

/** Registers the label fonts in `doc`: the parsed fonts when there are, else the font files (then kept parsed). */
export function registerLabelFonts(doc: PDFKit.PDFDocument): void {
  for (const weight of ['regular', 'bold'] as const) {
    const parsed = parsedFonts.get(weight);
    // A document starts with no glyph objects, as with a font of its own: a ligature glyph met in an earlier
    // document ("ﬃ" typed as one character) would otherwise put that character in this one's text ("office").
    // The subset embedded is each document's own.
    if (parsed) parsed._glyphs = {};
    doc.registerFont(FONT[weight], (parsed ?? fontFile(weight)) as unknown as PDFKit.Mixins.PDFFontSource);
    if (!parsed) parsedFonts.set(weight, currentParsedFont(doc.font(FONT[weight])));
  }
}

/** The parsed font behind the document's current font (pdfkit keeps it in a field of its own). */
export function currentParsedFont(doc: PDFKit.PDFDocument): ParsedFont {
  return (doc as unknown as { _font: { font: ParsedFont } })._font.font;
}
