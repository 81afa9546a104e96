/** The research sandbox's clock (which may be set off the real one) and the v1 UUIDs it stamps answers with. */
import { randomBytes } from 'node:crypto';

/** Milliseconds since the epoch on the sandbox's clock. */
export type Clock = () => number;

/** A clock `offsetS` seconds ahead of (or, negative, behind) the real one. */
export function offsetClock(offsetS = 0): Clock {
  return () => Date.now() + offsetS * 1000;
}

/** 100-ns intervals between the Gregorian reform (1582-10-15) and the Unix epoch. */
const GREGORIAN_OFFSET = 122_192_928_000_000_000n;

/** A version-1 UUID whose time field is `ms` (random clock sequence and node, as RFC 9562 allows). */
export function uuidV1(ms: number): string {
  const t = BigInt(Math.trunc(ms)) * 10_000n + GREGORIAN_OFFSET;
  const low = (t & 0xffffffffn).toString(16).padStart(8, '0');
  const mid = ((t >> 32n) & 0xffffn).toString(16).padStart(4, '0');
  const high = (((t >> 48n) & 0x0fffn) | 0x1000n).toString(16).padStart(4, '0');
  const rand = randomBytes(8);
  const seq = (((rand[0]! << 8) | rand[1]!) & 0x3fff) | 0x8000;
  const node = Buffer.from(rand.subarray(2));
  node[0] = node[0]! | 0x01;
  return `${low}-${mid}-${high}-${seq.toString(16)}-${node.toString('hex')}`;
}

/** The epoch milliseconds in a version-1 UUID. */
export function uuidV1Time(uuid: string): number {
  const [low, mid, high] = uuid.split('-') as [string, string, string];
  const t = ((BigInt('0x' + high) & 0x0fffn) << 48n) | (BigInt('0x' + mid) << 32n) | BigInt('0x' + low);
  return Number((t - GREGORIAN_OFFSET) / 10_000n);
}

/** The `timestamp` and `requestId` every research answer but getAsinCategories carries, from one instant. */
export function answerMeta(clock: Clock): { timestamp: string; requestId: string } {
  const ms = clock();
  return { timestamp: new Date(ms).toISOString(), requestId: uuidV1(ms) };
}
