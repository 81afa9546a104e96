/** /v1/items: list, get, create, update (POST), replace (PUT) and deactivate (DELETE). */
import { itemPatchSchema, itemSchema, type ItemInput } from '../../../api/rules.js';
import { HttpFail } from '../../http.js';
import type { Account } from '../account.js';
import { collection } from '../collection.js';
import { itemRecord } from '../records.js';
import type { StoredItem } from '../inventory-state.js';
import { parse, type AddRoute } from './route-base.js';

/** An item as stored, from checked input and the item it replaces (if any). */
function toStoredItem(input: ItemInput, existing: StoredItem | undefined, userId: string, now: string): StoredItem {
  return {
    msku: input.msku,
    inactive: input.inactive === 'y' ? 'y' : 'n',
    productId: input.productId ?? null,
    productIdType: input.productIdType ?? null,
    title: input.title,
    manufacturer: input.manufacturer ?? null,
    image: input.image ?? null,
    type: input.type ?? null,
    cond: input.cond,
    notes: input.notes ?? null,
    createdUserId: existing?.createdUserId ?? userId,
    created: existing?.created ?? now,
    value: input.value ?? null,
    rank: input.rank ?? null,
    modified: existing ? now : null,
    attributes: input.attributes ?? [],
  };
}

/** The body with the path's msku; a 400 when the body names another. */
function sameMsku(body: unknown, msku: string): Record<string, unknown> {
  const inBody = (body as { msku?: unknown } | undefined)?.msku;
  if (inBody !== undefined && inBody !== msku)
    throw new HttpFail(400, `msku: "${String(inBody)}" in the body differs from "${msku}" in the path`);
  return { ...(body as object), msku };
}

/** Registers the item routes. */
export function itemRoutes(route: AddRoute, account: Account): void {
  const { state } = account;
  route('GET', '/v1/items', (req) =>
    collection(req, state.itemOrder, (m) => itemRecord(state.items[m]!, req.origin), 'items'),
  );
  route('GET', '/v1/items/:msku', (req) => itemRecord(account.item(req.params.msku!), req.origin));
  route('POST', '/v1/items', (req) => {
    const input = parse(itemSchema, req.body);
    const stored = toStoredItem(input, state.items[input.msku], req.user.id, account.now());
    account.putItem(stored);
    return itemRecord(stored, req.origin);
  });
  route('POST', '/v1/items/:msku', (req) => {
    const msku = req.params.msku!;
    const existing = state.items[msku];
    const body = sameMsku(req.body, msku);
    const input = existing
      ? parse(itemSchema, { ...existing, ...parse(itemPatchSchema, body) })
      : parse(itemSchema, body);
    const stored = toStoredItem(input, existing, req.user.id, account.now());
    account.putItem(stored);
    return itemRecord(stored, req.origin);
  });
  route('PUT', '/v1/items/:msku', (req) => {
    const existing = account.item(req.params.msku!);
    const stored = toStoredItem(
      parse(itemSchema, sameMsku(req.body, existing.msku)),
      existing,
      req.user.id,
      account.now(),
    );
    account.putItem(stored);
    return itemRecord(stored, req.origin);
  });
  route('DELETE', '/v1/items/:msku', (req) => {
    const stored = { ...account.item(req.params.msku!), inactive: 'y' as const, modified: account.now() };
    account.putItem(stored);
    return itemRecord(stored, req.origin);
  });
}
