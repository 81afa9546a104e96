/** Every research endpoint on a SandboxServer, in the shapes the live service answers. */
import { HttpFail, type Reply, type SandboxRequest, type SandboxServer } from '../http.js';
import type { Persist } from '../store.js';
import { verifyKey, verifyLegacy, type ResearchAccount } from './auth.js';
import { product, type Product } from './catalog.js';
import { categoryName } from './categories.js';
import { answerMeta, offsetClock, type Clock } from './clock.js';
import { computeFees } from './fees.js';
import { itemLookupFor } from './item-lookup.js';
import { offersFor } from './offers.js';
import { phpSerialize } from './php.js';
import { itemSearchFor, searchProducts } from './search.js';

export interface ResearchState {
  account: ResearchAccount;
  /** Category ids made known by a call with an ASIN of theirs (as the API documents). */
  knownCategories: string[];
}

const ASIN = /^[A-Z0-9]{10}$/;
const FORMATS = ['pretty', 'bettermws_json', 'bettermws_sphp'];
/** The legacy lookup also knows the formats public clients use. */
const LOOKUP_FORMATS = [...FORMATS, 'json', 'sphp'];
const SEARCH_KINDS = ['asin', 'upc', 'ean', 'isbn', 'keyword'] as const;

/** The research API's error body (as seen in the public client's fixtures), stamped by `clock`. */
export function researchErrorBody(clock: Clock = offsetClock()) {
  return (_status: number, message: string) => ({ Error: message, ...answerMeta(clock) });
}

/** The research API's error body on the real clock. */
export const researchError = researchErrorBody();

/** Registers the research routes; state changes go through `persist`; `clock` is the server's time. */
export function researchRoutes(server: SandboxServer, state: ResearchState, persist: Persist, clock: Clock = offsetClock()): void {
  const known = new Set(state.knownCategories);
  const meta = () => answerMeta(clock);
  const nowS = () => Math.floor(clock() / 1000);

  const see = (p: Product): Product => {
    const ids = [p.category.id, p.sub.id].filter((id) => !known.has(id));
    if (ids.length > 0) {
      for (const id of ids) known.add(id);
      persist.set(['research', 'knownCategories'], [...known]);
    }
    return p;
  };
  const asinParam = (req: SandboxRequest, value = req.params.asin ?? '') => {
    if (!ASIN.test(value)) throw new HttpFail(400, `Invalid ASIN "${value}": an ASIN is 10 upper-case letters or digits`);
    return value;
  };
  const signed = (handler: (req: SandboxRequest) => Reply) => (req: SandboxRequest) => {
    verifyKey(req, state.account, nowS());
    return handler(req);
  };
  const json = (body: unknown, pretty = false): Reply => ({ text: JSON.stringify(body, null, pretty ? 2 : undefined) });

  const offersReply = (req: SandboxRequest, asin: string, formats = FORMATS): Reply => {
    const format = req.query.get('format') ?? 'bettermws_json';
    if (!formats.includes(format)) throw new HttpFail(400, `format must be one of ${formats.join(', ')}`);
    const nopaapi = req.query.get('nopaapi') ?? 'false';
    if (nopaapi !== 'true' && nopaapi !== 'false') throw new HttpFail(400, 'nopaapi must be true or false');
    const { offers, extras } = offersFor(see(product(asin)), nopaapi === 'false');
    const body = { offers, extras, id: asin, type: 'asin', ...meta() };
    if (format.endsWith('sphp')) return { text: phpSerialize(body), contentType: 'text/plain; charset=utf-8' };
    return json(body, format === 'pretty');
  };

  const searchReply = (req: SandboxRequest, forcedAsin?: string): Reply => {
    const given = forcedAsin ? ['asin' as const] : SEARCH_KINDS.filter((k) => req.query.has(k));
    if (given.length !== 1) throw new HttpFail(400, 'Exactly one of asin, upc, ean, isbn, keyword is required');
    const kind = given[0]!;
    const value = forcedAsin ?? req.query.get(kind)!.trim();
    const results = searchProducts(kind, kind === 'asin' ? asinParam(req, value) : value, see);
    return json({ searchCatalogs: { result: results }, ...meta() }, req.query.get('format') === 'pretty');
  };

  server.route('GET', '/v1/offers/:asin', signed((req) => offersReply(req, asinParam(req))));
  server.route('GET', '/v1/lookup', (req) => {
    verifyLegacy(req, state.account, nowS());
    return offersReply(req, asinParam(req, req.query.get('asin') ?? ''), LOOKUP_FORMATS);
  });
  server.route('GET', '/v1/search', signed((req) => searchReply(req)));
  server.route('GET', '/v1/item/:asin', signed((req) => searchReply(req, asinParam(req))));
  server.route('GET', '/v1/fees/:asin', signed((req) => {
    const asin = asinParam(req);
    const text = req.query.get('price');
    if (text === null || text === '') throw new HttpFail(400, 'price is required: the selling price, a number');
    const price = Number(text);
    if (!Number.isFinite(price) || price <= 0 || price > 1_000_000) throw new HttpFail(400, `price "${text}" must be a positive number`);
    return { body: { data: computeFees(see(product(asin)), Math.round(price * 100) / 100), ...meta() } };
  }));
  server.route('GET', '/v1/itemLookup/:asin', signed((req) => ({
    body: { ...meta(), ItemLookupResponse: itemLookupFor(see(product(asinParam(req))), req.origin, clock) },
  })));
  server.route('GET', '/v1/itemSearch', signed((req) => {
    const keywords = (req.query.get('keywords') ?? '').trim();
    if (!keywords) throw new HttpFail(400, 'keywords is required');
    const pageText = req.query.get('page') ?? '1';
    const page = Number(pageText);
    if (!Number.isInteger(page) || page < 1 || page > 10) throw new HttpFail(400, `page "${pageText}" must be a whole number from 1 to 10`);
    const index = req.query.get('searchIndex') ?? 'Blended';
    return { body: { ...meta(), ItemSearchResponse: itemSearchFor(keywords, page, index, req.origin, see) } };
  }));
  const categories = signed((req) => {
    const p = see(product(asinParam(req)));
    const mappings: Array<{ categoryId: string; category: string; main?: true }> = [
      { categoryId: p.category.id, category: p.category.name, main: true },
      { categoryId: p.sub.id, category: p.sub.name },
    ];
    if (p.category.alias) mappings.push({ categoryId: p.category.id, category: p.category.alias });
    return { body: { categoryMappings: mappings } };
  });
  server.route('GET', '/v1/getAsinCategories/:asin', categories);
  server.route('GET', '/v1/getAsincategories/:asin', categories);
  server.route('GET', '/v1/getCategoryById/:id', signed((req) => {
    const id = req.params.id ?? '';
    const name = known.has(id) ? categoryName(id) : undefined;
    if (!name) throw new HttpFail(404, `Category id ${id} is not known: a mapping becomes known once an ASIN from that category has been looked up`);
    return { body: { ...meta(), categoryId: id, category: name } };
  }));
}
