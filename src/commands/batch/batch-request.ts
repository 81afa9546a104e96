/** The flags every batch command takes (move --file, items import), checked into the engine's request without I/O. */
import type { BatchRequest } from '../../batch/batch-types.js';
import { formatOf } from '../../batch/batch-input.js';
import { delimiterOf } from '../../batch/csv-rows.js';
import { encodingOf } from '../../batch/decode.js';
import { wholeNumber } from '../../cli/request-body.js';

/** The flags every batch command takes, as given. */
export interface BatchRequestFlags {
  format?: string;
  encoding?: string;
  delimiter?: string;
  batch?: string;
  retryInDoubt?: boolean;
  again?: boolean;
  concurrency: string;
}

/** The request of a batch over `file`, its flags checked (the engine reads the format and delimiter as given). */
export function batchRequest(file: string, flags: BatchRequestFlags): BatchRequest {
  const concurrency = wholeNumber(flags.concurrency, '--concurrency', 1, 64)!;
  const encoding = encodingOf(flags.encoding);
  if (flags.format !== undefined) formatOf(file, flags.format);
  if (flags.delimiter !== undefined) delimiterOf('', flags.delimiter);
  return {
    file,
    format: flags.format,
    encoding,
    delimiter: flags.delimiter,
    name: flags.batch,
    retryInDoubt: Boolean(flags.retryInDoubt),
    again: Boolean(flags.again),
    concurrency,
  };
}
