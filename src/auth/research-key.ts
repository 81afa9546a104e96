/** Product Research API request signing (docs/decisions.md, 2 and 3). Pure functions. */
import { nodeCrypto } from '../util/lazy-crypto.js';

/** Lower-case hex md5 of a UTF-8 string. */
export function md5(text: string): string {
  return nodeCrypto().createHash('md5').update(text, 'utf8').digest('hex');
}

/** The request key `<timestamp>|<clientId>|md5(timestamp + clientId + secretKey)`. */
export function researchKey(clientId: string, secretKey: string, timestamp: number): string {
  const ts = String(Math.trunc(timestamp));
  return `${ts}|${clientId}|${md5(ts + clientId + secretKey)}`;
}

/** The legacy /v1/lookup signature: md5(secretKey + the whole URL before `&sig=`, ts included). */
export function legacySignature(secretKey: string, urlThroughTs: string): string {
  return md5(secretKey + urlThroughTs);
}

/** Appends `ts` (last) and then `sig` to a /v1/lookup URL, per the legacy scheme. */
export function signLegacyUrl(url: URL, secretKey: string, timestamp: number): URL {
  const signed = new URL(url);
  signed.searchParams.delete('ts');
  signed.searchParams.delete('sig');
  signed.searchParams.append('ts', String(Math.trunc(timestamp)));
  const throughTs = signed.href;
  return new URL(`${throughTs}&sig=${legacySignature(secretKey, throughTs)}`);
}
