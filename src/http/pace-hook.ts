/** The hook that sends a batch's requests at the rate its pacer allows and tells the pacer of each answer. */
import type { Pacer } from './pacer.js';
import { sleep } from './retry-hook.js';
import type { Hook } from './http-types.js';

/** Waits for the request's slot (and any pause), sends it, and reports its status and headers. */
export function paceHook(pacer: Pacer, signal?: AbortSignal): Hook {
  return async (req, next) => {
    for (;;) {
      const asked = pacer.now();
      const wait = pacer.delay();
      if (wait <= 0) break;
      await sleep(wait, signal);
      // A pause that began while this request waited for its slot: it takes a new slot after the pause.
      if (!pacer.pausedSince(asked)) break;
    }
    const sentAt = pacer.now();
    const res = await next(req);
    pacer.answered(sentAt, res.status, res.headers);
    return res;
  };
}
