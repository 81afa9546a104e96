/** What the research route modules share: the signed-route wrapper, ASIN checks, answer stamps and the catalog seen so far. */
import { HttpFail, type Reply, type SandboxRequest } from '../../http.js';
import type { Persist } from '../../state-file.js';
import { verifyKey, type ResearchAccount } from '../auth.js';
import type { Product } from '../catalog.js';
import { answerMeta, type Clock } from '../clock.js';

export interface ResearchState {
  account: ResearchAccount;
  /** Category ids made known by a call with an ASIN of theirs (as the API documents). */
  knownCategories: string[];
  /** Titles a rehearsal gave ASINs in place of the drawn ones (server text a client must take as data). */
  titles?: Record<string, string>;
}

const ASIN = /^[A-Z0-9]{10}$/;

/** The helpers of one research server. */
export interface Kit {
  state: ResearchState;
  clock: Clock;
  /** Category ids known so far. */
  known: Set<string>;
  /** The stamp every answer carries (timestamp, request id). */
  meta(): ReturnType<typeof answerMeta>;
  /** The server's time in seconds. */
  nowS(): number;
  /** Marks a product's categories as known (persisted) and returns it, with the title a rehearsal gave it. */
  see(p: Product): Product;
  /** The ASIN of a request (the :asin parameter unless given), or a 400. */
  asinParam(req: SandboxRequest, value?: string): string;
  /** Wraps a handler with the key check. */
  signed(handler: (req: SandboxRequest) => Reply): (req: SandboxRequest) => Reply;
  /** A JSON answer, indented when `pretty`. */
  json(body: unknown, pretty?: boolean): Reply;
}

/** The helpers for a research server with this state, store and clock. */
export function researchKit(state: ResearchState, persist: Persist, clock: Clock): Kit {
  const known = new Set(state.knownCategories);
  const nowS = () => Math.floor(clock() / 1000);
  return {
    state,
    clock,
    known,
    meta: () => answerMeta(clock),
    nowS,
    see(p) {
      const ids = [p.category.id, p.sub.id].filter((id) => !known.has(id));
      if (ids.length > 0) {
        for (const id of ids) known.add(id);
        persist.set(['research', 'knownCategories'], [...known]);
      }
      const title = state.titles?.[p.asin];
      return title === undefined ? p : { ...p, title };
    },
    asinParam(req, value = req.params.asin ?? '') {
      if (!ASIN.test(value))
        throw new HttpFail(400, `Invalid ASIN "${value}": an ASIN is 10 upper-case letters or digits`);
      return value;
    },
    signed: (handler) => (req) => {
      verifyKey(req, state.account, nowS());
      return handler(req);
    },
    json: (body, pretty = false) => ({ text: JSON.stringify(body, null, pretty ? 2 : undefined) }),
  };
}
