/** The --verbose hook: each attempt's request line, headers and timing, with secrets redacted. */
import { redactHeaders, redactUrl } from './redact.js';
import type { Hook } from './http-types.js';

/** Logs every attempt through `log` (stderr); it sits innermost so it sees the signed request. */
export function logHook(log: (line: string) => void): Hook {
  return async (req, next) => {
    log(`> ${req.method} ${redactUrl(req.url)}`);
    for (const [name, value] of Object.entries(redactHeaders(req.headers))) log(`> ${name}: ${value}`);
    if (req.body !== undefined) log(`> (body: ${Buffer.byteLength(req.body)} bytes)`);
    try {
      const res = await next(req);
      log(`< ${res.status} ${req.operation} in ${res.durationMs.toFixed(0)} ms (${Buffer.byteLength(res.text)} bytes)`);
      return res;
    } catch (error) {
      log(`< failed ${req.operation}: ${(error as Error).message}`);
      throw error;
    }
  };
}
