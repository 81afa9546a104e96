/** Verification of research keys and legacy signatures; each failure says which credential to fix. */
import { legacySignature, md5 } from '../../auth/research-key.js';
import { HttpFail, type SandboxRequest } from '../http.js';

export interface ResearchAccount {
  clientId: string;
  secretKey: string;
  merchantId: string;
  marketplaceId: string;
}

/**
 * Accepted timestamps: 15 minutes in the past to 4 hours ahead (the documented "now" and the public client's
 * now + 3 h; docs/decisions.md, 2).
 */
const PAST_S = 15 * 60;
const FUTURE_S = 4 * 60 * 60;

function checkTimestamp(ts: string, nowS: number): void {
  if (!/^\d{1,12}$/.test(ts)) throw new HttpFail(401, `Malformed timestamp "${ts}": expected epoch seconds`);
  const t = Number(ts);
  if (t < nowS - PAST_S || t > nowS + FUTURE_S) {
    throw new HttpFail(
      401,
      `Timestamp ${ts} is outside the accepted window (now - 15 min to now + 4 h): check the clock or research.keyOffset`,
    );
  }
}

/** Checks the key of a request (Authorization header, bare, or `key` query parameter). */
export function verifyKey(req: SandboxRequest, account: ResearchAccount, nowS = Math.floor(Date.now() / 1000)): void {
  const header = req.headers.authorization;
  const key = header ?? req.query.get('key') ?? undefined;
  if (!key) throw new HttpFail(401, 'Missing key: send it in the Authorization header or the key query parameter');
  if (/^bearer /i.test(key))
    throw new HttpFail(401, 'Send the bare key in the Authorization header, without a Bearer prefix');
  const parts = key.split('|');
  if (parts.length !== 3) throw new HttpFail(401, 'Malformed key: expected <timestamp>|<ClientId>|<md5 hash>');
  const [ts, clientId, hash] = parts as [string, string, string];
  if (clientId !== account.clientId) throw new HttpFail(401, `Unknown ClientId "${clientId}": check the ClientId`);
  checkTimestamp(ts, nowS);
  if (hash !== md5(ts + clientId + account.secretKey)) {
    throw new HttpFail(401, `Key hash does not match for ClientId "${clientId}": check the SecretKey`);
  }
}

/** Checks the legacy /v1/lookup signature: sig = md5(SecretKey + full URL up to and including ts). */
export function verifyLegacy(
  req: SandboxRequest,
  account: ResearchAccount,
  nowS = Math.floor(Date.now() / 1000),
): void {
  const merchant = req.query.get('merchant_id');
  if (!merchant) throw new HttpFail(401, 'Missing merchant_id');
  if (merchant !== account.merchantId)
    throw new HttpFail(401, `Unknown merchant_id "${merchant}": check the merchant id`);
  const ts = req.query.get('ts');
  const sig = req.query.get('sig');
  if (!ts || !sig) throw new HttpFail(401, 'Missing ts or sig: the lookup endpoint needs both');
  checkTimestamp(ts, nowS);
  const at = req.rawUrl.lastIndexOf('&sig=');
  if (at < 0) throw new HttpFail(401, 'sig must be the last parameter, after ts');
  if (sig !== legacySignature(account.secretKey, req.origin + req.rawUrl.slice(0, at))) {
    throw new HttpFail(401, `Signature does not match for merchant_id "${merchant}": check the SecretKey`);
  }
}
