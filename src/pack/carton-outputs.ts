/** The outputs of inv pack (carton labels, pack list) from its flags, checked before anything is read or fetched. */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { CARTON_LAYOUTS, type CartonLayoutName } from './carton-layout.js';
import type { CartonOptions } from './write-outputs.js';
import { printerOf } from '../labels/write-labels.js';

export interface OutputFlags {
  labels?: string;
  printer?: string | true;
  reprint?: boolean;
  layout?: string;
  packList?: string;
  /** -o zpl was given. */
  zpl?: boolean;
}

export interface Outputs {
  labels?: Omit<CartonOptions, 'shipFrom'>;
  packList?: string;
}

/** Checks the output flags before anything is read or fetched; `stored`: labels.printer, what --printer alone means. */
export function outputOptions(flags: OutputFlags, stored?: string): Outputs {
  const layout = (flags.layout ?? '4x6') as CartonLayoutName;
  if (!CARTON_LAYOUTS.includes(layout))
    throw new UsageError(`--layout "${flags.layout}" must be one of ${CARTON_LAYOUTS.join(', ')}`);
  const printer = printerOf({ out: flags.labels, printer: flags.printer }, stored, '--labels');
  if (printer) {
    const format = flags.zpl || printer.kind === 'tcp' ? 'zpl' : 'pdf';
    if (format === 'zpl' && flags.layout === 'letter-2up')
      throw new UsageError('--layout letter-2up is a sheet: ZPL is for 4x6 thermal rolls');
    const labels = { format, layout, printer, reprint: Boolean(flags.reprint) } as const;
    return { labels, packList: flags.packList === '-' ? refuseStdoutList() : flags.packList };
  }
  if (flags.reprint) throw new UsageError('--reprint goes with --printer');
  const format = flags.zpl || flags.labels?.toLowerCase().endsWith('.zpl') ? 'zpl' : 'pdf';
  if (flags.layout !== undefined && flags.labels === undefined)
    throw new UsageError('--layout goes with --labels FILE (or --printer)');
  if (format === 'zpl' && flags.layout === 'letter-2up')
    throw new UsageError('--layout letter-2up is a sheet: ZPL is for 4x6 thermal rolls');
  if (flags.zpl && flags.labels === undefined)
    throw new UsageError('-o zpl is the format of --labels FILE (or --labels - for stdout)');
  if (format === 'pdf' && flags.labels === '-')
    throw new UsageError('--labels FILE.pdf is needed for a PDF (ZPL can go to stdout with -o zpl)');
  if (flags.packList === '-') refuseStdoutList();
  if (flags.labels !== undefined && flags.packList !== undefined && sameFile(flags.labels, flags.packList))
    throw new UsageError(
      `--labels and --pack-list name the same file (${flags.packList}): the second would replace the first`,
      'give each output a file of its own',
    );
  return {
    labels: flags.labels === undefined ? undefined : { format, layout, out: flags.labels },
    packList: flags.packList,
  };
}

function refuseStdoutList(): never {
  throw new UsageError('--pack-list needs a FILE: stdout carries the boxes');
}

/** Whether two names reach one file: the same path once resolved, or (when it exists) the same file by another name or link. */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}
