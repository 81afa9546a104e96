/** Decoding every barcode on rendered PDF pages with zxing-cpp (Debian's python3-zxing-cpp): 1D and 2D symbols alike. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempDir, tempDir } from './temp.js';

export interface Symbol {
  format: string;
  text: string;
}

// Debian's module lives in the system interpreter; a python3 earlier on PATH (pyenv, venv) may lack it.
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

const SCRIPT = `
import json, sys, numpy, zxingcpp
out = []
for path in sys.argv[1:]:
    data = open(path, 'rb').read()
    parts = data.split(maxsplit=4)
    width, height = int(parts[1]), int(parts[2])
    image = numpy.frombuffer(parts[4][:width * height], dtype=numpy.uint8).reshape(height, width)
    found = zxingcpp.read_barcodes(image)
    out.append([{'format': str(r.format).split('.')[-1], 'text': r.text} for r in found])
print(json.dumps(out))
`;

/**
 * A thermal label printer's resolution: carton labels read back at it are read as a dock's printer prints them, with
 * half the pixels of 300 dpi to render and search.
 */
export const THERMAL_DPI = 203;

/** The symbols found on each page of a PDF rendered at `dpi` (pdftoppm, greyscale), in page order. */
export function decodePdf(file: string, dpi = 300): Symbol[][] {
  const dir = tempDir('zxing');
  try {
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', file, join(dir, 'p')]);
    const pages = readdirSync(dir)
      .sort()
      .map((f) => join(dir, f));
    return JSON.parse(
      execFileSync(PYTHON, ['-c', SCRIPT, ...pages], { encoding: 'utf8', maxBuffer: 64 << 20 }),
    ) as Symbol[][];
  } finally {
    removeTempDir(dir);
  }
}
