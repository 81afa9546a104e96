/** Input lines are bounded: a longer line is refused as soon as it is seen, so memory stays flat whatever the input. */
import { UsageError } from '../errors.js';

/** The longest line any input file may have, in bytes. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** A checker fed the input's chunks in order: throws a UsageError naming the first line longer than MAX_LINE_BYTES. */
export function lineLimit(label: string): (chunk: Buffer) => void {
  let line = 1;
  let length = 0;
  const tooLong = () =>
    new UsageError(
      `${label}: line ${line} is longer than 1 MiB; nothing was sent`,
      'no input line may be longer than 1 MiB: fix or split that line',
    );
  return (chunk) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      if (length + nl - start > MAX_LINE_BYTES) throw tooLong();
      line++;
      length = 0;
      start = nl + 1;
    }
    length += chunk.length - start;
    if (length > MAX_LINE_BYTES) throw tooLong();
  };
}

/** The chunks of `source` as bytes, checked by lineLimit on the way. */
export async function* boundedLines(source: AsyncIterable<Buffer | string>, label: string): AsyncGenerator<Buffer> {
  const check = lineLimit(label);
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    check(bytes);
    yield bytes;
  }
}
