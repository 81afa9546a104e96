/** The hook that sends a batch's requests at the rate its pacer allows and tells the pacer of each answer. */
import type { Pacer } from './pacer.js';
import { sleep } from './retry-hook.js';
import type { Hook } from './http-types.js';

/** Waits for the request's slot (and any pause), sends it, and reports its status and headers. */
export function paceHook(pacer: Pacer, signal?: AbortSignal): Hook {
  return async (req, next) => {
    for (;;) {
      const deal = pacer.deals;
      const wait = pacer.delay();
      if (wait <= 0) break;
      await sleep(wait, signal);
      // Slots dealt anew while this request waited for its own (a pause, a cut): it takes a new one.
      if (pacer.deals === deal) break;
    }
    const sentAt = pacer.now();
    const res = await next(req);
    pacer.answered(sentAt, res.status, res.headers);
    return res;
  };
}
