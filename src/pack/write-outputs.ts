/** Writes the outputs of a packing: carton labels (PDF or ZPL) and the pack list, each file whole or not at all. */
import type { IO } from '../util/io.js';
import { cannotWrite } from '../errors.js';
import { cartonLabels } from './cartons.js';
import { cartonLayout, symbolRoom, type CartonLayoutName } from './carton-layout.js';
import type { Packing } from './packing-types.js';
import { writeWhole } from '../util/atomic-write.js';
import type { PrinterTarget } from '../labels/printer-target.js';
import type { PrintEnv } from '../labels/print-labels.js';

export interface CartonOptions {
  format: 'pdf' | 'zpl';
  layout: CartonLayoutName;
  /** A file; "-" is stdout (ZPL only). */
  out?: string;
  /** Straight to this printer instead of a file (--printer), sent once unless `reprint`. */
  printer?: PrinterTarget;
  reprint?: boolean;
  shipFrom: string[];
}

/** Writes `bytes` to a temporary file beside `file`, then renames it over: a reader never sees half a file. */
export async function writeOutput(file: string, bytes: Buffer | string): Promise<void> {
  try {
    await writeWhole(file, bytes, { mode: 0o644 });
  } catch (error) {
    throw cannotWrite(file, error);
  }
}

/** Renders the carton labels and writes (or prints) them; returns how many, and what the printer said. */
export async function writeCartons(
  packing: Packing,
  options: CartonOptions,
  io: IO,
  onBox?: () => void,
  print?: Omit<PrintEnv, 'reprint'>,
): Promise<{ count: number; printed?: string }> {
  let bytes: Buffer | string;
  let count: number;
  if (options.format === 'zpl') {
    const { renderCartonZpl, ZPL_ROOM } = await import('./carton-zpl.js');
    const labels = cartonLabels(packing, options.shipFrom, ZPL_ROOM, onBox);
    bytes = renderCartonZpl(labels);
    count = labels.length;
  } else {
    const { renderCartonPdf } = await import('./carton-pdf.js');
    const layout = cartonLayout(options.layout);
    const labels = cartonLabels(packing, options.shipFrom, symbolRoom(layout), onBox);
    bytes = await renderCartonPdf(labels, layout);
    count = labels.length;
  }
  if (options.printer) {
    if (!print) throw new Error('carton labels to a printer need where to remember the job');
    const { printOnce } = await import('../labels/print-labels.js');
    const job = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    const env = { ...print, reprint: Boolean(options.reprint) };
    return { count, printed: await printOnce(options.printer, job, options.format === 'zpl', env) };
  }
  if (options.out === '-') await io.out.write(bytes as string);
  else await writeOutput(options.out!, bytes);
  return { count };
}
