/** The flags every batch command takes (move --file, items import), checked into the engine's request without I/O. */
import type { BatchRequest } from '../../batch/batch-types.js';
import { encodingOf } from '../../csv/decode.js';

/** The flags every batch command takes, as given. */
export interface BatchRequestFlags {
  format?: string;
  encoding?: string;
  delimiter?: string;
  batch?: string;
  retryInDoubt?: boolean;
  again?: boolean;
  concurrency: number;
}

/**
 * The request of a batch over `file`, its flags checked. The format and the delimiter are the engine's to check (they
 * depend on the file, and a refused one still gets the one `--json` summary every run prints).
 */
export function batchRequest(file: string, flags: BatchRequestFlags): BatchRequest {
  const { concurrency } = flags;
  const encoding = encodingOf(flags.encoding);
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
