/** The inventory API's resource routes; every one needs a bearer token and answers in the envelope. */
import type { z } from 'zod';
import { check, feedbackSchema, itemPatchSchema, itemSchema, locationPatchSchema, locationSchema, quantityChange, type ItemInput } from '../../api/rules.js';
import { HttpFail, type SandboxServer } from '../http.js';
import type { OAuthServer } from '../oauth/server.js';
import type { Account } from './account.js';
import { collection } from './collection.js';
import { authed, type AuthedHandler, type AuthedRequest } from './envelope.js';
import { feedbackRecord, itemLocationRecord, itemRecord, locationRecord } from './records.js';
import type { StoredItem } from './state.js';

/** Parses a request body with a schema; a 400 naming the field otherwise. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = check(schema, body);
  if (!result.ok) throw new HttpFail(400, result.problem);
  return result.data;
}

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

/** Registers whoami, items, locations, itemLocations, feedback and settings. */
export function resourceRoutes(server: SandboxServer, oauth: OAuthServer, account: Account): void {
  const { state } = account;
  const route = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: AuthedHandler) => server.route(method, path, authed(oauth, handler));
  const sameMsku = (body: unknown, msku: string) => {
    const inBody = (body as { msku?: unknown } | undefined)?.msku;
    if (inBody !== undefined && inBody !== msku) throw new HttpFail(400, `msku: "${String(inBody)}" in the body differs from "${msku}" in the path`);
    return { ...(body as object), msku };
  };

  route('GET', '/v1/whoami', ({ user, origin }) => ({
    user: { id: user.id, email: user.email, name: user.name, username: user.username, link: `${origin}/v1/whoami` },
  }));

  // Items
  route('GET', '/v1/items', (req) => collection(req, state.itemOrder, (m) => itemRecord(state.items[m]!, req.origin), 'items'));
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
    const input = existing ? parse(itemSchema, { ...existing, ...parse(itemPatchSchema, body) }) : parse(itemSchema, body);
    const stored = toStoredItem(input, existing, req.user.id, account.now());
    account.putItem(stored);
    return itemRecord(stored, req.origin);
  });
  route('PUT', '/v1/items/:msku', (req) => {
    const existing = account.item(req.params.msku!);
    const stored = toStoredItem(parse(itemSchema, sameMsku(req.body, existing.msku)), existing, req.user.id, account.now());
    account.putItem(stored);
    return itemRecord(stored, req.origin);
  });
  route('DELETE', '/v1/items/:msku', (req) => {
    const stored = { ...account.item(req.params.msku!), inactive: 'y' as const, modified: account.now() };
    account.putItem(stored);
    return itemRecord(stored, req.origin);
  });

  // Locations
  route('GET', '/v1/locations', (req) => collection(req, state.locationOrder, (id) => locationRecord(state.locations[id]!, req.origin), 'locations'));
  route('GET', '/v1/locations/:id', (req) => locationRecord(account.location(req.params.id!), req.origin));
  route('POST', '/v1/locations', (req) => {
    const input = parse(locationSchema, req.body);
    const location = { id: account.nextLocationId(), display: input.display, order: input.order, type: input.type, ref: input.ref ?? null, notes: input.notes ?? null, created: account.now(), modified: null };
    account.putLocation(location);
    return locationRecord(location, req.origin);
  });
  const updateLocation = (req: AuthedRequest) => {
    const existing = account.location(req.params.id!);
    const patch = parse(locationPatchSchema, req.body);
    const next = { ...existing, ...Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && ['display', 'order', 'type', 'ref', 'notes'].includes(k))), modified: account.now() };
    account.putLocation(next);
    return locationRecord(next, req.origin);
  };
  route('POST', '/v1/locations/:id', updateLocation);
  route('PUT', '/v1/location/:id', updateLocation);

  // Stock per location
  route('POST', '/v1/itemLocations/:id', (req) => {
    const inc = req.query.get('increment');
    const dec = req.query.get('decrement');
    if ((inc === null) === (dec === null)) throw new HttpFail(400, 'exactly one of increment or decrement is required');
    const name = inc !== null ? 'increment' : 'decrement';
    const amount = check(quantityChange, inc ?? dec);
    if (!amount.ok) throw new HttpFail(400, `${name}: ${amount.problem.replace(/^body: /, '')}`);
    return itemLocationRecord(account.adjustStock(req.params.id!, name === 'increment' ? amount.data : -amount.data), req.origin);
  });
  route('GET', '/v1/itemLocations/:id', (req) => itemLocationRecord(account.itemLocation(req.params.id!), req.origin));
  route('GET', '/v1/itemLocations', (req) => {
    const msku = req.query.get('msku');
    const locationId = req.query.get('locationId');
    const ids = state.itemLocationOrder.filter((id) => {
      const il = state.itemLocations[id]!;
      return (msku === null || il.msku === msku) && (locationId === null || il.locationId === locationId);
    });
    const extra = `${msku === null ? '' : `&msku=${encodeURIComponent(msku)}`}${locationId === null ? '' : `&locationId=${encodeURIComponent(locationId)}`}`;
    return collection(req, ids, (id) => itemLocationRecord(state.itemLocations[id]!, req.origin), 'itemLocations', extra);
  });

  // Feedback
  route('GET', '/v1/feedbacks', (req) => collection(req, Object.keys(state.feedback), (id) => feedbackRecord(state.feedback[id]!, req.origin), 'feedbacks'));
  const feedbackFound = (id: string) => {
    const found = state.feedback[id];
    if (!found) throw new HttpFail(404, `feedback "${id}" not found`);
    return found;
  };
  const storeFeedback = (id: string, body: unknown, origin: string) => {
    const input = parse(feedbackSchema, body);
    const record = { id, venueId: input.venueId, orderId: input.orderId ?? null, date: input.date, rating: input.rating ?? null, comments: input.comments ?? null, buyer: input.buyer ?? null };
    account.putFeedback(record);
    return feedbackRecord(record, origin);
  };
  route('GET', '/v1/feedback/:id', (req) => feedbackRecord(feedbackFound(req.params.id!), req.origin));
  route('POST', '/v1/feedback', (req) => {
    const input = parse(feedbackSchema, req.body);
    const id = `${input.venueId}-${input.orderId ?? `N${account.nextFeedbackNumber()}`}`;
    if (state.feedback[id]) throw new HttpFail(409, `feedback "${id}" already exists: update it with PUT /v1/feedback/${id}`);
    return storeFeedback(id, req.body, req.origin);
  });
  route('POST', '/v1/feedback/:id', (req) => storeFeedback(req.params.id!, req.body, req.origin));
  route('PUT', '/v1/feedback/:id', (req) => storeFeedback(feedbackFound(req.params.id!).id, req.body, req.origin));
  route('DELETE', '/v1/feedback/:id', (req) => {
    const record = feedbackRecord(feedbackFound(req.params.id!), req.origin);
    account.deleteFeedback(record.id);
    return record;
  });

  // Settings
  const settingName = (name: string) => {
    if (!/^[A-Za-z0-9_.-]{1,200}$/.test(name)) throw new HttpFail(400, `setting name "${name}" may hold letters, digits, _ . - (1 to 200)`);
    return name;
  };
  route('GET', '/v1/settings/:key', (req) => {
    const name = settingName(req.params.key!);
    const value = state.settings[name];
    if (value === undefined) throw new HttpFail(404, `setting "${name}" is not set`);
    return { key: name, value };
  });
  route('PUT', '/v1/settings/:key', (req) => {
    const name = settingName(req.params.key!);
    const value = req.query.get('value');
    if (value === null) throw new HttpFail(400, 'value is required (PUT /v1/settings/<key>?value=...)');
    if (value.length > 10_000) throw new HttpFail(400, 'value must be at most 10000 characters');
    account.setSetting(name, value);
    return { key: name, value };
  });
}
