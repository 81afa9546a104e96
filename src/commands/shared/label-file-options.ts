/** The label options commands share: --labels FILE and --labels-layout, and the sheet options of the label printers. */
import { LABEL_FORMATS, LAYOUT_NAMES } from '../../labels/layouts.js';
import { choiceOption, fileOption, switchOption, textOption } from '../../cli/option-kinds.js';

/** The label file (`what` says which labels go in it) and its layout. */
export function labelFileOptions(what: string) {
  return {
    labels: fileOption('--labels <file>', `${what} (PDF, or ZPL for a .zpl file)`),
    labelsLayout: choiceOption('--labels-layout <layout>', 'layout of --labels (default: avery-5160)', LAYOUT_NAMES),
  };
}

/** Where a label command draws its labels: the layout, the first position on a sheet, the file and its format. */
export function labelSheetOptions() {
  return {
    layout: choiceOption(
      '--layout <layout>',
      'sheet or roll (default: avery-5160; thermal-2.25x1.25 for ZPL)',
      LAYOUT_NAMES,
    ),
    start: textOption('--start <k>', 'position of the first label on the first sheet (a partly used sheet), from 1'),
    out: fileOption('--out <file>', 'write to this file (PDF needs one; ZPL goes to stdout without it)'),
    format: choiceOption(
      '--format <format>',
      "default: from --out's extension, else pdf; -o zpl also works",
      LABEL_FORMATS,
    ),
    ...printerOptions(),
  };
}

/** --printer (a raw ZPL printer or a CUPS name; alone: labels.printer) and --reprint. */
export function printerOptions() {
  return {
    printer: textOption(
      '--printer [target]',
      'print instead of writing a file: tcp://HOST:9100 (raw ZPL) or a CUPS printer name; alone: labels.printer',
    ),
    reprint: switchOption('--reprint', 'with --printer: send a job the printer already got (sent once otherwise)'),
  };
}
