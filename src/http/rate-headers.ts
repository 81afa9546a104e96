/** What a server's rate-limit headers say: a rate stated outright, or a limit used up until a reset. */

/** The longest a reset is waited for. */
const MAX_RESET_MS = 3_600_000;

/**
 * x-amzn-RateLimit-Limit (Amazon's, requests per second) states the rate; a RateLimit-Remaining or X-RateLimit-Remaining
 * of 0 with a reset (seconds, or a Unix time) asks to wait until then. A bare X-RateLimit-Limit says nothing: its window
 * is not stated (GitHub's is an hour).
 */
export function rateHeaders(headers: Record<string, string>, epochMs: number): { stated?: number; resetMs?: number } {
  const stated = Number(headers['x-amzn-ratelimit-limit']);
  const remaining = headers['ratelimit-remaining'] ?? headers['x-ratelimit-remaining'];
  const reset = Number(headers['ratelimit-reset'] ?? headers['x-ratelimit-reset']);
  // A reset beyond a billion is a Unix time (GitHub's style); else seconds from now (the IETF draft's).
  const resetMs =
    remaining !== undefined && Number(remaining) === 0 && reset > 0
      ? Math.min(reset > 1e9 ? reset * 1000 - epochMs : reset * 1000, MAX_RESET_MS)
      : 0;
  return {
    ...(stated > 0 && Number.isFinite(stated) ? { stated } : {}),
    ...(resetMs > 0 ? { resetMs } : {}),
  };
}
