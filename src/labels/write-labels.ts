/** Writes labels as PDF or ZPL to a file or stdout; the renderer (pdfkit) loads only here. */
import { writeFile } from 'node:fs/promises';
import type { IO } from '../util/io.js';
import { cannotWrite, UsageError } from '../errors.js';
import { checkWritable } from '../util/writable.js';
import { labelCount, type LabelRun } from './content.js';
import { LABEL_FORMATS, layoutNamed, LAYOUT_NAMES, perPage, type Layout } from './layouts.js';
import { parsePrinter, type PrinterTarget } from './printer-target.js';
import type { PrintEnv } from './print-labels.js';

export type LabelFormat = (typeof LABEL_FORMATS)[number];

export interface LabelOptions {
  format: LabelFormat;
  layout: Layout;
  /** Position of the first label on the first sheet, 1-based. */
  start: number;
  /** A file; for ZPL, "-" or undefined is stdout. */
  out?: string;
  /** Straight to this printer instead of a file (--printer). */
  printer?: PrinterTarget;
  /** --reprint: send the same job again. */
  reprint?: boolean;
}

/** Refuses (exit 2) a label file that cannot be written, naming `flag`; stdout ("-" or none) needs no check. */
export function checkLabelFile(options: LabelOptions, flag: string): LabelOptions {
  if (options.out !== undefined && options.out !== '-') checkWritable(options.out, flag, './labels.pdf');
  return options;
}

/**
 * Checks --format/--layout/--start/--out without I/O; the format defaults to the file's extension, the layout to the
 * format's usual one.
 */
export function labelSettings(
  flags: { format?: string; layout?: string; start?: string; out?: string; printer?: string | true; reprint?: boolean },
  prefix = '',
  storedPrinter?: string,
): LabelOptions {
  const printer = printerOf(flags, storedPrinter, prefix ? '--labels' : '--out');
  const format = flags.format ?? (flags.out?.toLowerCase().endsWith('.zpl') || printer?.kind === 'tcp' ? 'zpl' : 'pdf');
  if (printer?.kind === 'tcp' && format !== 'zpl')
    throw new UsageError(
      '--printer tcp://… is a raw printer: it takes ZPL, not a PDF (give -o zpl, or a CUPS printer name for a PDF)',
    );
  if (!LABEL_FORMATS.includes(format as LabelFormat))
    throw new UsageError(`--${prefix}format "${format}" must be ${LABEL_FORMATS.join(' or ')}`);
  const layoutName = flags.layout ?? (format === 'zpl' ? 'thermal-2.25x1.25' : 'avery-5160');
  const layout = layoutNamed(layoutName);
  if (!layout) throw new UsageError(`--${prefix}layout "${layoutName}" must be one of ${LAYOUT_NAMES.join(', ')}`);
  if (format === 'zpl' && perPage(layout) > 1)
    throw new UsageError(
      `--${prefix}layout ${layout.name} is a sheet: ZPL is for thermal rolls (thermal-2.25x1.25 or thermal-2x1)`,
    );
  let start = 1;
  if (flags.start !== undefined) {
    if (perPage(layout) === 1)
      throw new UsageError(`--start is for sheet layouts (avery-5160, a4-24): ${layout.name} has one label a page`);
    if (!/^\d+$/.test(flags.start) || Number(flags.start) < 1 || Number(flags.start) > perPage(layout))
      throw new UsageError(
        `--start "${flags.start}" must be a label position from 1 to ${perPage(layout)} on ${layout.name}`,
      );
    start = Number(flags.start);
  }
  if (printer) return { format: format as LabelFormat, layout, start, printer, reprint: Boolean(flags.reprint) };
  if (flags.reprint) throw new UsageError('--reprint goes with --printer');
  if (format === 'pdf' && (flags.out === undefined || flags.out === '-'))
    throw new UsageError(`${prefix ? '--labels' : '--out'} FILE.pdf is needed for a PDF (ZPL can go to stdout)`);
  return { format: format as LabelFormat, layout, start, out: flags.out };
}

/** The printer of --printer (alone: labels.printer), checked; undefined without --printer. */
export function printerOf(
  flags: { out?: string; printer?: string | true },
  stored: string | undefined,
  outFlag = '--out',
): PrinterTarget | undefined {
  if (flags.printer === undefined) return undefined;
  if (flags.out !== undefined) throw new UsageError(`give ${outFlag} or --printer, not both`);
  if (flags.printer !== true) return parsePrinter(flags.printer, '--printer');
  if (stored === undefined)
    throw new UsageError(
      '--printer without a printer prints to labels.printer, which is not set',
      'inv config set labels.printer tcp://HOST:9100 (or a CUPS printer name), or give --printer TARGET',
    );
  return parsePrinter(stored, 'labels.printer');
}

/** A job rendered whole: its bytes, how many labels, and how many pages (sheets, or labels on a roll). */
export interface RenderedLabels {
  bytes: Buffer;
  count: number;
  pages: number;
}

/** Renders the labels whole (PDF or ZPL), counting them on `progress` (a terminal) as they are drawn. */
export async function renderLabels(
  runs: readonly LabelRun[],
  options: Pick<LabelOptions, 'format' | 'layout' | 'start'>,
  io: IO,
  progress?: NodeJS.WritableStream,
): Promise<RenderedLabels> {
  const count = labelCount(runs);
  if (options.format === 'pdf') {
    const [{ renderPdf }, { Progress }] = await Promise.all([import('./pdf.js'), import('../batch/views/progress.js')]);
    const counter = new Progress(`labels (${count})`, progress);
    const missing = new Set<string>();
    const bytes = await renderPdf(runs, options.layout, options.start, () => counter.tick('done'), missing);
    counter.finish();
    if (missing.size > 0) {
      await io.err.write(
        `warning: no bundled font has ${[...missing].join(', ')}: printed as "?" (the label fonts cover Latin, Greek and Cyrillic)\n`,
      );
    }
    return { bytes, count, pages: Math.ceil((options.start - 1 + count) / perPage(options.layout)) };
  }
  const { renderZpl } = await import('./zpl.js');
  const text = renderZpl(runs, options.layout);
  const beyond = [...new Set(runs.flatMap((r) => [...Object.values(r.label).join('')]).filter((c) => c > '\u00ff'))];
  if (beyond.length > 0) {
    await io.err.write(
      `warning: ${beyond.join(', ')} print only on a printer with a Unicode font mapped to ZPL font 0 (^CW0); ` +
        'font 0 itself draws Latin-1\n',
    );
  }
  return { bytes: Buffer.from(text, 'utf8'), count, pages: count };
}

/** What a person reads of a rendered job: "12 labels (avery-5160) on 1 sheet". */
export function labelsSaid(rendered: RenderedLabels, options: Pick<LabelOptions, 'format' | 'layout'>): string {
  const { count, pages } = rendered;
  const sheets = perPage(options.layout) > 1 ? ` on ${pages} sheet${pages === 1 ? '' : 's'}` : '';
  const kind = `${options.layout.name}${options.format === 'zpl' ? ', ZPL' : ''}`;
  return `${count} label${count === 1 ? '' : 's'} (${kind})${sheets}`;
}

/** Renders and writes the labels, counting them on `progress` (a terminal) as they are drawn; returns a one-line summary for the user. */
export async function writeLabels(
  runs: readonly LabelRun[],
  options: LabelOptions,
  io: IO,
  progress?: NodeJS.WritableStream,
  print?: Omit<PrintEnv, 'reprint'>,
): Promise<string> {
  const rendered = await renderLabels(runs, options, io, progress);
  if (options.printer) {
    if (!print) throw new Error('labels to a printer need where to remember the job');
    const { printOnce } = await import('./print-labels.js');
    const env = { ...print, reprint: Boolean(options.reprint) };
    return `${labelsSaid(rendered, options)} ${await printOnce(options.printer, rendered.bytes, options.format === 'zpl', env)}`;
  }
  const bytes = options.format === 'zpl' ? rendered.bytes.toString('utf8') : rendered.bytes;
  const where = options.out === undefined || options.out === '-' ? 'stdout' : options.out;
  if (typeof bytes === 'string' && where === 'stdout') await io.out.write(bytes);
  else {
    try {
      await writeFile(where, bytes);
    } catch (error) {
      throw cannotWrite(where, error);
    }
  }
  return `${labelsSaid(rendered, options)} written to ${where}`;
}
