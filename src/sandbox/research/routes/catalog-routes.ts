/** The catalog: /v1/search, /v1/item, /v1/itemLookup and /v1/itemSearch. */
import { HttpFail, type Reply, type SandboxRequest, type SandboxServer } from '../../http.js';
import { product } from '../catalog.js';
import { itemLookupFor } from '../item-lookup-reply.js';
import { itemSearchFor, searchProducts } from '../search-answers.js';
import type { Kit } from './kit.js';

const SEARCH_KINDS = ['asin', 'upc', 'ean', 'isbn', 'keyword'] as const;

/** Catalog matches for the one search kind given (or the ASIN of /v1/item). */
function searchReply(kit: Kit, req: SandboxRequest, forcedAsin?: string): Reply {
  const given = forcedAsin ? ['asin' as const] : SEARCH_KINDS.filter((k) => req.query.has(k));
  if (given.length !== 1) throw new HttpFail(400, 'Exactly one of asin, upc, ean, isbn, keyword is required');
  const kind = given[0]!;
  const value = forcedAsin ?? req.query.get(kind)!.trim();
  const results = searchProducts(kind, kind === 'asin' ? kit.asinParam(req, value) : value, kit.see);
  return kit.json({ searchCatalogs: { result: results }, ...kit.meta() }, req.query.get('format') === 'pretty');
}

/** Registers the catalog routes. */
export function catalogRoutes(server: SandboxServer, kit: Kit): void {
  server.route(
    'GET',
    '/v1/search',
    kit.signed((req) => searchReply(kit, req)),
  );
  server.route(
    'GET',
    '/v1/item/:asin',
    kit.signed((req) => searchReply(kit, req, kit.asinParam(req))),
  );
  server.route(
    'GET',
    '/v1/itemLookup/:asin',
    kit.signed((req) => ({
      body: {
        ...kit.meta(),
        ItemLookupResponse: itemLookupFor(kit.see(product(kit.asinParam(req))), req.origin, kit.clock),
      },
    })),
  );
  server.route(
    'GET',
    '/v1/itemSearch',
    kit.signed((req) => {
      const keywords = (req.query.get('keywords') ?? '').trim();
      if (!keywords) throw new HttpFail(400, 'keywords is required');
      const pageText = req.query.get('page') ?? '1';
      const page = Number(pageText);
      if (!Number.isInteger(page) || page < 1 || page > 10)
        throw new HttpFail(400, `page "${pageText}" must be a whole number from 1 to 10`);
      const index = req.query.get('searchIndex') ?? 'Blended';
      return { body: { ...kit.meta(), ItemSearchResponse: itemSearchFor(keywords, page, index, req.origin, kit.see) } };
    }),
  );
}
