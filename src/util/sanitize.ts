/** Server text made safe to show: no terminal escape sequences in tables, no formulas in spreadsheets. */

// CSI (ESC [ … final), OSC/DCS/PM/APC/SOS strings (ESC ] … BEL or ST), other two-byte ESC sequences, then lone controls.
const ESCAPES = new RegExp(
  [
    String.raw`\u001b\[[0-?]*[ -/]*[@-~]`,
    String.raw`\u009b[0-?]*[ -/]*[@-~]`,
    String.raw`[\u001b][\]PX^_][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?`,
    String.raw`[\u0090\u009d\u009e\u009f][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?`,
    String.raw`\u001b[ -~]?`,
  ].join('|'),
  'g',
);
// C0 and C1 controls, DEL, and the bidirectional overrides that reorder what a terminal shows.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text for a terminal: escape sequences removed, tabs and line breaks as spaces (kept with `keepLines`), other controls removed. */
export function terminalSafe(text: string, keepLines = false): string {
  if (!/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text)) return text;
  const spaced = text.replace(ESCAPES, '').replace(keepLines ? /[\t\r\v\f]/g : /[\t\n\r\v\f]/g, ' ');
  return keepLines
    ? spaced
        .split('\n')
        .map((line) => line.replace(CONTROLS, ''))
        .join('\n')
    : spaced.replace(CONTROLS, '');
}

/**
 * Text for a csv/tsv cell shown on a terminal: each control character becomes visible instead of acting (C0 and DEL
 * as their Unicode control pictures, ESC as ␛; C1 and bidirectional overrides as <U+XXXX>); tab and line feed stay.
 */
export function visibleControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}

/** A plain number, which a spreadsheet reads as a number even when it starts with + or -. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A csv/tsv cell a spreadsheet will not run: a cell starting with =, +, -, @, tab or CR gets a
 * leading apostrophe (OWASP's CSV-injection rule); plain numbers are left as they are.
 */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell;
}
