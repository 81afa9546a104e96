/** The one rule that decides what a failed request means for its row and whether the batch stops. */
import {
  ApiError,
  AuthError,
  ConflictError,
  ConnectionError,
  InDoubtError,
  InterruptedError,
  RateLimitError,
  StoppedBeforeSendingError,
  type InvError,
} from '../../errors.js';
import { JournalWriteError } from '../journal/batch-journal.js';
import type { SendState } from '../journal/row-states.js';

export interface StopVerdict {
  /** The row's state: applied, refused (a rerun sends it), maybe applied, or not sent at all. */
  state: SendState;
  message: string;
  /** Set when the whole batch must stop with this error (rows not yet sent stay pending). */
  stop?: InvError;
}

/**
 * What an error from sending one row means. Credentials rejected after the refresh (exit 4), a
 * service that cannot be reached (exit 1) and rate limiting past the retries (exit 5) are not the
 * row's fault: the batch stops and the row stays pending. Whether an answer leaves a request in doubt is the
 * HTTP core's call (its error hook throws InDoubtError); here it only becomes the row's state. A 2xx is applied,
 * whatever its body. Other answers refuse the row, as does a kind's own check before sending (ConflictError).
 */
export function verdictOf(error: unknown): StopVerdict {
  const message = (error as Error)?.message ?? String(error);
  if (error instanceof ApiError && error.status >= 200 && error.status < 300)
    return { state: 'done', message: `applied, but the answer could not be read: ${message}` };
  if (error instanceof AuthError || error instanceof ConnectionError || error instanceof RateLimitError)
    return { state: 'pending', message, stop: error };
  if (error instanceof JournalWriteError) return { state: 'in-doubt', message, stop: error };
  if (error instanceof InDoubtError) return { state: 'in-doubt', message };
  // Stopped while it waited to be sent (a 429's wait, an outage): it never left.
  if (error instanceof StoppedBeforeSendingError) return { state: 'pending', message, stop: error };
  if (error instanceof InterruptedError) return { state: 'in-doubt', message, stop: error };
  if (
    error instanceof ApiError ||
    error instanceof ConflictError ||
    (error as InvError)?.exitCode === 3 ||
    (error as InvError)?.exitCode === 2
  )
    return { state: 'failed', message };
  // Anything else is unexpected: the request may have left, so the row is in doubt, and the batch stops.
  return { state: 'in-doubt', message, stop: error as InvError };
}
