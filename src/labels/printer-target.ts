/** What a --printer or labels.printer value names (decision 31): a raw ZPL printer on the network, or a CUPS printer. */
import { UsageError } from '../errors.js';
import { binCodeId } from '../api/bin-code.js';

/** Where a job goes: a raw TCP printer, or a system (CUPS) printer by name. */
export type PrinterTarget = { kind: 'tcp'; host: string; port: number } | { kind: 'lp'; name: string };

/** The rule a printer value follows, for messages. */
export const PRINTER_RULE = 'tcp://HOST[:PORT] (a raw ZPL printer, port 9100 by default) or a CUPS printer name';

const TCP = /^tcp:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?\/?$/i;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,126}$/;
/** The form of a printer value, as the settings check it. */
export const PRINTER_VALUE = new RegExp(`${TCP.source}|${NAME.source}`, 'i');

/**
 * Reads a --printer or labels.printer value; the error names `field` and the rule. A printer by name is refused on
 * Windows here, before anything is sent (send-to-fba sends stock first, pack a whole session).
 */
export function parsePrinter(value: string, field: string, platform: string = process.platform): PrinterTarget {
  const text = value.trim();
  const tcp = TCP.exec(text);
  if (tcp) {
    const port = tcp[2] === undefined ? 9100 : Number(tcp[2]);
    if (port < 1 || port > 65_535) throw new UsageError(`${field}: port ${port} must be from 1 to 65535`);
    return { kind: 'tcp', host: tcp[1]!.replace(/^\[|\]$/g, ''), port };
  }
  // `--printer [target]` takes the word after it: `inv locations labels --printer 7` meant location 7.
  if (/^\d+$/.test(text) || binCodeId(text))
    throw new UsageError(
      `${field}: "${text}" is a location, not a printer`,
      'give locations before --printer (inv locations labels 7 --printer), or name the printer (--printer=NAME)',
    );
  if (NAME.test(text) && platform === 'win32')
    throw new UsageError(
      `${field}: a printer by name needs CUPS (lp), which Windows does not have: ` +
        'print to tcp://HOST:9100, or write --out and print the file',
    );
  if (NAME.test(text)) return { kind: 'lp', name: text };
  throw new UsageError(`${field}: "${value}" must be ${PRINTER_RULE}`);
}

/** How a person reads a target. */
export function printerName(target: PrinterTarget): string {
  return target.kind === 'tcp' ? `tcp://${target.host}:${target.port}` : `printer ${target.name} (lp)`;
}
