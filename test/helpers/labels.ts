/** Rendering label PDFs with pdftoppm and reading them back: page images, ink, and barcodes per label cell (zbarimg). */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Layout } from '../../src/labels/layouts.js';
import { perPage, slotPlace } from '../../src/labels/layouts.js';
import { removeTempDir, tempDir } from './temp.js';

export const DPI = 300;
const px = (pt: number) => (pt * DPI) / 72;

/**
 * A greyscale image: one byte a pixel, 0 black, 255 white; row y starts at `data[y * stride]`. A crop is a view into
 * its page (the page's stride), not a copy: a 300 dpi Letter page is 8.4 MB, and fresh memory is dear on this machine.
 */
export interface Gray {
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}

/** Row y of an image, `width` pixels. */
const row = (image: Gray, y: number) => image.data.subarray(y * image.stride, y * image.stride + image.width);

/** Blank paper as pdftoppm draws it (pure white), as long as the longest run compared with it so far. */
let paper = Buffer.alloc(0);

/** Where the first ink (a pixel darker than mid-grey) is in pixels[from, to), or -1 where there is none. */
function firstInk(pixels: Uint8Array, from: number, to: number): number {
  if (from >= to) return -1;
  if (paper.length < to - from) paper = Buffer.alloc(to - from, 255);
  // Most of a sheet is blank paper: a run of it is compared natively, anything else looked at pixel by pixel.
  if (Buffer.compare(pixels.subarray(from, to), paper.subarray(0, to - from)) === 0) return -1;
  for (let x = from; x < to; x++) if (pixels[x]! < 128) return x;
  return -1;
}

/** Reads a binary PGM (P5, 8 bits). */
function readPgm(bytes: Buffer): Gray {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not an 8-bit PGM');
  const [all, w, h] = header;
  return { width: Number(w), height: Number(h), stride: Number(w), data: bytes.subarray(all.length) };
}

function writePgm(file: string, image: Gray): void {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`);
  const bytes = Buffer.allocUnsafe(header.length + image.width * image.height);
  header.copy(bytes);
  for (let y = 0; y < image.height; y++) bytes.set(row(image, y), header.length + y * image.width);
  writeFileSync(file, bytes);
}

/** Number of pages and the first page's size in points, from pdfinfo. */
export function pdfInfo(file: string): { pages: number; width: number; height: number } {
  const text = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(text)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(text)![1]), width: Number(size[1]), height: Number(size[2]) };
}

/** Renders pages first..last of a PDF at 300 dpi (pdftoppm), greyscale. */
export function renderPages(file: string, first: number, last: number): Gray[] {
  const dir = tempDir('pages');
  try {
    execFileSync('pdftoppm', [
      '-r',
      String(DPI),
      '-gray',
      '-f',
      String(first),
      '-l',
      String(last),
      file,
      join(dir, 'p'),
    ]);
    return readdirSync(dir)
      .sort()
      .map((f) => readPgm(readFileSync(join(dir, f))));
  } finally {
    removeTempDir(dir);
  }
}

/** The part of an image inside a rectangle given in points: a view of the same pixels. */
export function crop(image: Gray, rect: { x: number; y: number; width: number; height: number }): Gray {
  const x0 = Math.round(px(rect.x));
  const y0 = Math.round(px(rect.y));
  const width = Math.min(image.width - x0, Math.round(px(rect.width)));
  const height = Math.min(image.height - y0, Math.round(px(rect.height)));
  if (x0 < 0 || y0 < 0 || width <= 0 || height <= 0)
    throw new Error(`a crop outside the image: ${JSON.stringify(rect)}`);
  return { width, height, stride: image.stride, data: image.data.subarray(y0 * image.stride + x0) };
}

/** Bounding box of the ink (pixels darker than mid-grey) in an image, in points; undefined when blank. */
export function inkBox(image: Gray): { x: number; y: number; right: number; bottom: number } | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < image.height; y++) {
    const pixels = row(image, y);
    const first = firstInk(pixels, 0, image.width);
    if (first < 0) continue;
    let last = image.width - 1;
    while (pixels[last]! >= 128) last--;
    minX = Math.min(minX, first);
    maxX = Math.max(maxX, last);
    minY = Math.min(minY, y);
    maxY = y;
  }
  if (maxX < 0) return undefined;
  const pt = (p: number) => (p * 72) / DPI;
  return { x: pt(minX), y: pt(minY), right: pt(maxX + 1), bottom: pt(maxY + 1) };
}

/** Whether all ink on a page lies inside the given rectangles (points, give or take a pixel). */
export function inkOnlyIn(image: Gray, rects: Array<{ x: number; y: number; width: number; height: number }>): boolean {
  // Each rectangle in pixels, a pixel wider on every side: rows y0..y1-1, columns x0..x1-1.
  const boxes = rects.map((r) => ({
    x0: Math.max(0, Math.floor(px(r.x)) - 1),
    x1: Math.min(image.width, Math.ceil(px(r.x + r.width)) + 1),
    y0: Math.max(0, Math.floor(px(r.y)) - 1),
    y1: Math.min(image.height, Math.ceil(px(r.y + r.height)) + 1),
  }));
  for (let y = 0; y < image.height; y++) {
    const spans = boxes.filter((b) => b.y0 <= y && y < b.y1).sort((a, b) => a.x0 - b.x0);
    const pixels = row(image, y);
    // Walk the row left to right, skipping the columns a span allows.
    let x = 0;
    for (const span of [...spans, { x0: image.width, x1: image.width }]) {
      if (firstInk(pixels, x, span.x0) >= 0) return false;
      x = Math.max(x, span.x1);
    }
  }
  return true;
}

/**
 * zbarimg (ImageMagick) allocates and frees a few MB for each image it reads: mapped afresh and given back to the
 * kernel each time, its pages faulted in and zeroed again, which is two thirds of its CPU. With glibc's mmap threshold at
 * its maximum (32 MiB) and its heap not trimmed, the memory of one image is reused for the next; it reads the same.
 */
const KEEP_HEAP = { MALLOC_MMAP_THRESHOLD_: String(32 << 20), MALLOC_TRIM_THRESHOLD_: String(256 << 20) };

/** Decodes many images with one zbarimg run: the symbols found in each, in order ("CODE-128:X000…"). */
export function decode(images: Gray[]): string[][] {
  const dir = tempDir('cells');
  try {
    const files = images.map((image, i) => {
      const file = join(dir, `c${String(i).padStart(4, '0')}.pgm`);
      writePgm(file, image);
      return file;
    });
    const run = spawnSync('zbarimg', ['--xml', '-q', ...files], {
      encoding: 'utf8',
      env: { ...process.env, ...KEEP_HEAP },
    });
    // zbarimg exits 4 when no image held a barcode.
    if (run.status !== 0 && run.status !== 4) throw new Error(`zbarimg failed: ${run.stderr}`);
    const found = new Map<string, string[]>();
    for (const source of run.stdout.split('<source href=').slice(1)) {
      const file = /^'([^']+)'/.exec(source)![1]!;
      found.set(
        file,
        [...source.matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[([^\]]*)\]\]>/g)].map(
          (m) => `${m[1]}:${m[2]}`,
        ),
      );
    }
    return files.map((f) => found.get(f) ?? []);
  } finally {
    removeTempDir(dir);
  }
}

/** The rectangle of each label position on one page of the layout, in points. */
export function cells(layout: Layout): Array<{ x: number; y: number; width: number; height: number }> {
  return Array.from({ length: perPage(layout) }, (_, i) => ({ ...slotPlace(layout, i), ...layout.label }));
}

/** The symbols decoded in each label cell of each page: result[page][cell]. */
export function decodeCells(pages: Gray[], layout: Layout): string[][][] {
  const rects = cells(layout);
  const flat = decode(pages.flatMap((page) => rects.map((r) => crop(page, r))));
  return pages.map((_, p) => flat.slice(p * rects.length, (p + 1) * rects.length));
}
