/** The hook that signs research requests with a fresh key each attempt. */
import type { Hook } from '../api/types.js';
import { researchKey, signLegacyUrl } from './research-key.js';

export interface ResearchCredentials {
  clientId: string;
  secretKey: string;
  /** Seconds added to the current time in the key's timestamp. */
  keyOffset: number;
  /** Where the key travels: the Authorization header (bare) or the `key` query parameter. */
  keyIn: 'header' | 'query';
}

/** Signs `research-key` requests (header or query) and `research-legacy` requests (ts + sig). */
export function researchAuthHook(creds: ResearchCredentials, now: () => number = Date.now): Hook {
  return (req, next) => {
    const timestamp = Math.floor(now() / 1000) + creds.keyOffset;
    if (req.auth === 'research-legacy') {
      return next({ ...req, url: signLegacyUrl(req.url, creds.secretKey, Math.floor(now() / 1000)) });
    }
    if (req.auth !== 'research-key') return next(req);
    const key = researchKey(creds.clientId, creds.secretKey, timestamp);
    if (creds.keyIn === 'query') {
      const url = new URL(req.url);
      url.searchParams.set('key', key);
      return next({ ...req, url });
    }
    return next({ ...req, headers: { ...req.headers, authorization: key } });
  };
}
