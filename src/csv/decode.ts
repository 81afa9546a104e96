/** Input bytes to text: strict UTF-8 (bytes that are not UTF-8 are refused, naming the line), or a named single-byte encoding. */
import { StringDecoder } from 'node:string_decoder';
import { UsageError } from '../errors.js';

export const ENCODINGS = ['utf-8', 'windows-1252', 'latin1'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The encoding named by --encoding (utf-8 when absent). */
export function encodingOf(given: string | undefined): Encoding {
  const name = (given ?? 'utf-8')
    .toLowerCase()
    .replace(/^utf8$/, 'utf-8')
    .replace(/^cp1252$/, 'windows-1252');
  if (!(ENCODINGS as readonly string[]).includes(name))
    throw new UsageError(`--encoding "${given}" must be one of ${ENCODINGS.join(', ')}`);
  return name as Encoding;
}

/** Checks UTF-8 across chunks: `check` returns the offset of the first byte that breaks it, or -1. */
class Utf8Check {
  private need = 0;
  check(bytes: Buffer): number {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (this.need > 0) {
        if ((b & 0xc0) !== 0x80) return i;
        this.need--;
      } else if (b >= 0x80) {
        if (b >= 0xc2 && b <= 0xdf) this.need = 1;
        else if (b >= 0xe0 && b <= 0xef) this.need = 2;
        else if (b >= 0xf0 && b <= 0xf4) this.need = 3;
        else return i;
      }
    }
    return -1;
  }
  get complete(): boolean {
    return this.need === 0;
  }
}

function countLines(bytes: Buffer, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) if (bytes[i] === 10) n++;
  return n;
}

/** Decodes a byte stream to text; `name` is how errors call the input; `named`: the command takes --encoding. */
export async function* decode(
  source: AsyncIterable<Buffer | string>,
  encoding: Encoding,
  name: string,
  named = true,
): AsyncGenerator<string> {
  const hint = named
    ? "save the file as UTF-8, or name its encoding: --encoding windows-1252 (Excel's default) or --encoding latin1"
    : 'save the file as UTF-8 (in Excel: "CSV UTF-8")';
  const check = new Utf8Check();
  const text =
    encoding === 'utf-8' ? new StringDecoder('utf8') : encoding === 'latin1' ? new StringDecoder('latin1') : undefined;
  const cp1252 = encoding === 'windows-1252' ? new TextDecoder('windows-1252') : undefined;
  let lines = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (encoding === 'utf-8') {
      const bad = check.check(bytes);
      if (bad >= 0)
        throw new UsageError(`${name}: line ${lines + countLines(bytes, bad) + 1}: bytes that are not UTF-8`, hint);
      lines += countLines(bytes, bytes.length);
    }
    yield cp1252 ? cp1252.decode(bytes, { stream: true }) : text!.write(bytes);
  }
  if (encoding === 'utf-8' && !check.complete)
    throw new UsageError(`${name}: line ${lines + 1}: bytes that are not UTF-8 (cut at the end)`, hint);
  const rest = cp1252 ? cp1252.decode() : text!.end();
  if (rest) yield rest;
}
