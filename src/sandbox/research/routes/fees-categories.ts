/** /v1/fees and the category routes (/v1/getAsinCategories, its lower-case spelling, /v1/getCategoryById). */
import { HttpFail, type SandboxServer } from '../../http.js';
import { product } from '../catalog.js';
import { categoryName } from '../category-tree.js';
import { computeFees } from '../fee-formula.js';
import type { Kit } from './kit.js';

/** Registers /v1/fees/:asin. */
export function feeRoutes(server: SandboxServer, kit: Kit): void {
  server.route(
    'GET',
    '/v1/fees/:asin',
    kit.signed((req) => {
      const asin = kit.asinParam(req);
      const text = req.query.get('price');
      if (text === null || text === '') throw new HttpFail(400, 'price is required: the selling price, a number');
      const price = Number(text);
      if (!Number.isFinite(price) || price <= 0 || price > 1_000_000)
        throw new HttpFail(400, `price "${text}" must be a positive number`);
      return { body: { data: computeFees(kit.see(product(asin)), Math.round(price * 100) / 100), ...kit.meta() } };
    }),
  );
}

/** Registers the category routes. */
export function categoryRoutes(server: SandboxServer, kit: Kit): void {
  const categories = kit.signed((req) => {
    const p = kit.see(product(kit.asinParam(req)));
    const mappings: Array<{ categoryId: string; category: string; main?: true }> = [
      { categoryId: p.category.id, category: p.category.name, main: true },
      { categoryId: p.sub.id, category: p.sub.name },
    ];
    if (p.category.alias) mappings.push({ categoryId: p.category.id, category: p.category.alias });
    return { body: { categoryMappings: mappings } };
  });
  server.route('GET', '/v1/getAsinCategories/:asin', categories);
  server.route('GET', '/v1/getAsincategories/:asin', categories);
  server.route(
    'GET',
    '/v1/getCategoryById/:id',
    kit.signed((req) => {
      const id = req.params.id ?? '';
      const name = kit.known.has(id) ? categoryName(id) : undefined;
      if (!name)
        throw new HttpFail(
          404,
          `Category id ${id} is not known: a mapping becomes known once an ASIN from that category has been looked up`,
        );
      return { body: { ...kit.meta(), categoryId: id, category: name } };
    }),
  );
}
