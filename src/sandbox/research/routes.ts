/** Every research endpoint of spec/research-api.md on a SandboxServer. */
import { randomUUID } from 'node:crypto';
import { HttpFail, type Reply, type SandboxRequest, type SandboxServer } from '../http.js';
import type { Persist } from '../store.js';
import { verifyKey, verifyLegacy, type ResearchAccount } from './auth.js';
import { asinFor, product, type Product } from './catalog.js';
import { categoryName } from './categories.js';
import { computeFees } from './fees.js';
import { itemLookupFor } from './item-lookup.js';
import { offersFor } from './offers.js';
import { phpSerialize } from './php.js';

export interface ResearchState {
  account: ResearchAccount;
  /** Category ids made known by a call with an ASIN of theirs (the spec's guarantee). */
  knownCategories: string[];
}

const ASIN = /^[A-Z0-9]{10}$/;
const FORMATS = ['pretty', 'bettermws_json', 'bettermws_sphp'];

const meta = () => ({ timestamp: new Date().toISOString(), requestId: randomUUID() });

/** The research API's error body (as seen in the public client's fixtures). */
export function researchError(_status: number, message: string) {
  return { Error: message, ...meta() };
}

/** Registers the research routes; state changes go through `persist`. */
export function researchRoutes(server: SandboxServer, state: ResearchState, persist: Persist): void {
  const known = new Set(state.knownCategories);

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
    verifyKey(req, state.account);
    return handler(req);
  };
  const json = (body: unknown, pretty = false): Reply => ({ text: JSON.stringify(body, null, pretty ? 2 : undefined) });

  const offersReply = (req: SandboxRequest, asin: string): Reply => {
    const format = req.query.get('format') ?? 'bettermws_json';
    if (!FORMATS.includes(format)) throw new HttpFail(400, `format must be one of ${FORMATS.join(', ')}`);
    const nopaapi = req.query.get('nopaapi') ?? 'false';
    if (nopaapi !== 'true' && nopaapi !== 'false') throw new HttpFail(400, 'nopaapi must be true or false');
    const body = { id: asin, ...offersFor(see(product(asin)), nopaapi === 'false'), ...meta() };
    if (format === 'bettermws_sphp') return { text: phpSerialize(body), contentType: 'text/plain; charset=utf-8' };
    return json(body, format === 'pretty');
  };

  const searchResult = (p: Product, ean: string | null = p.ean) => ({
    catalog: 'Amazon.com',
    productId: p.asin,
    title: p.title,
    image: `https://images.example.com/${p.asin}.jpg`,
    type: p.category.group,
    rank: { ProductCategoryId: p.category.id, Rank: p.salesRank },
    weight: p.weight,
    ean,
  });
  const searchReply = (req: SandboxRequest, forcedAsin?: string): Reply => {
    const given = (['asin', 'upc', 'ean', 'keyword'] as const).filter((k) => req.query.has(k));
    if (forcedAsin) given.splice(0, given.length, 'asin');
    if (given.length !== 1) throw new HttpFail(400, 'Exactly one of asin, upc, ean, keyword is required');
    const kind = given[0]!;
    const value = forcedAsin ?? req.query.get(kind)!.trim();
    let results;
    if (kind === 'asin') results = [searchResult(see(product(asinParam(req, value))))];
    else if (kind === 'upc' || kind === 'ean') {
      if (!(kind === 'upc' ? /^\d{12}$/ : /^\d{13}$/).test(value)) throw new HttpFail(400, `Invalid ${kind} "${value}"`);
      results = [searchResult(see(product(asinFor(`${kind}:${value}`))), kind === 'ean' ? value : '0' + value)];
    } else {
      if (!value) throw new HttpFail(400, 'keyword must not be empty');
      results = Array.from({ length: 5 }, (_, i) => {
        const p = see(product(asinFor(`keyword:${value.toLowerCase()}:${i}`)));
        return { ...searchResult(p), title: `${p.title} (${value})` };
      });
    }
    return json({ searchCatalogs: { result: results }, ...meta() }, req.query.get('format') === 'pretty');
  };

  server.route('GET', '/v1/offers/:asin', signed((req) => offersReply(req, asinParam(req))));
  server.route('GET', '/v1/lookup', (req) => {
    verifyLegacy(req, state.account);
    return offersReply(req, asinParam(req, req.query.get('asin') ?? ''));
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
    body: { ...meta(), ItemLookupResponse: itemLookupFor(see(product(asinParam(req))), req.origin) },
  })));
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
