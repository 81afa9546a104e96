/** The request ids of the sandbox's servers: unique without a random draw per request (a draw costs ~8 µs). */
import { randomBytes } from 'node:crypto';

/** Ids are 12 hex digits: a prefix of 6, then a count of 6 that wraps. */
const SPAN = 0x1000000;
/** The prefix of this process's first server, drawn at random; each later server takes the next. */
let nextPrefix = randomBytes(3).readUIntBE(0, 3);

const hex6 = (n: number) => n.toString(16).padStart(6, '0');

/** The request ids of one server: its prefix, no other server's in this process (random across processes), and a count. */
export class RequestIds {
  private readonly prefix = hex6(nextPrefix);
  private issued = 0;

  constructor() {
    nextPrefix = (nextPrefix + 1) % SPAN;
  }

  /** The next request's id. */
  next(): string {
    this.issued = (this.issued + 1) % SPAN;
    return this.prefix + hex6(this.issued);
  }
}
