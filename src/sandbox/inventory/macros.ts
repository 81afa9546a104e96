/** The macros: doMoveItem, fbaCreateInboundShipmentPlan and doSendToFBA. Every check runs before any change. */
import { z } from 'zod';
import { HttpFail, type SandboxRequest, type SandboxServer } from '../http.js';
import type { OAuthServer } from '../oauth/server.js';
import { fnskuOf, planShipments, PREP_TYPE, type PlannedShipment } from '../fba/plan.js';
import type { Account } from './account.js';
import { authed, type AuthedHandler } from './envelope.js';
import { CAN_MOVE, CAN_MOVE_FBA, itemLocationRecord } from './records.js';

const id = z.union([z.number().int().positive(), z.string().regex(/^\d+$/)], { error: 'must be a whole number' }).transform(String);
const quantity = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000) ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
  return n;
});

interface MoveRequest {
  msku: string;
  quantity: number;
  fromLocationId?: string;
  fromPurchaseId?: string;
}

/** msku, quantity (also under the documented table's spelling "quntity"; docs/decisions.md, 7) and exactly one from field. */
function readMove(input: Record<string, unknown>): MoveRequest {
  const fields: Record<string, unknown> = { ...input, quantity: input.quantity ?? input.quntity };
  if (typeof fields.msku !== 'string' || !fields.msku) throw new HttpFail(400, 'msku is required');
  if (fields.quantity === undefined || fields.quantity === '') throw new HttpFail(400, 'quantity is required');
  const q = quantity.safeParse(fields.quantity);
  if (!q.success) throw new HttpFail(400, `quantity: ${q.error.issues[0]!.message}`);
  const hasLocation = fields.fromLocationId !== undefined && fields.fromLocationId !== '';
  const hasPurchase = fields.fromPurchaseId !== undefined && fields.fromPurchaseId !== '';
  if (hasLocation === hasPurchase) throw new HttpFail(400, 'exactly one of fromLocationId or fromPurchaseId is required');
  const from = id.safeParse(hasLocation ? fields.fromLocationId : fields.fromPurchaseId);
  if (!from.success) throw new HttpFail(400, `${hasLocation ? 'fromLocationId' : 'fromPurchaseId'}: must be a whole number`);
  return { msku: fields.msku, quantity: q.data, ...(hasLocation ? { fromLocationId: from.data } : { fromPurchaseId: from.data }) };
}

/** Registers the macros and the sandbox's shipment controls. */
export function macroRoutes(server: SandboxServer, oauth: OAuthServer, account: Account): void {
  const { state } = account;
  const route = (method: 'GET' | 'POST', path: string, handler: AuthedHandler) => server.route(method, path, authed(oauth, handler));

  /** Checks the source of a move: the location holds enough and allows it, or the purchase has the item. */
  const checkSource = (move: MoveRequest, allowed: Set<string>, macro: string) => {
    if (move.fromPurchaseId) return void account.purchaseItem(move.fromPurchaseId, move.msku);
    const from = account.location(move.fromLocationId!);
    if (!allowed.has(from.type)) throw new HttpFail(400, `fromLocationId: ${macro} cannot take stock from location ${from.id} (type ${from.type})`);
    const held = account.stockOf(move.msku, from.id)?.quantity ?? 0;
    if (held < move.quantity) throw new HttpFail(400, `location ${from.id} holds ${held} of "${move.msku}", fewer than the ${move.quantity} asked`);
  };
  const takeFromSource = (move: MoveRequest) => {
    if (move.fromPurchaseId) account.receive(move.fromPurchaseId, move.msku, move.quantity);
    else account.adjustStock(account.stockOf(move.msku, move.fromLocationId!)!.id, -move.quantity);
  };

  route('POST', '/v1/doMoveItem', (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpFail(400, 'the body must be a JSON object');
    const move = readMove(body);
    const to = body.toLocationId;
    if (to === undefined || to === '') throw new HttpFail(400, 'toLocationId is required');
    const toId = id.safeParse(to);
    if (!toId.success) throw new HttpFail(400, 'toLocationId: must be a whole number');
    account.item(move.msku);
    account.location(toId.data);
    if (move.fromLocationId === toId.data) throw new HttpFail(400, 'fromLocationId and toLocationId are the same location');
    checkSource(move, CAN_MOVE, 'doMoveItem');
    // Every check passed: the changes below cannot fail halfway.
    takeFromSource(move);
    const destination = account.ensureStock(move.msku, toId.data);
    return itemLocationRecord(account.adjustStock(destination.id, move.quantity), req.origin);
  });

  const readPlanQuery = (req: SandboxRequest) => {
    const msku = req.query.get('msku');
    if (!msku) throw new HttpFail(400, 'msku is required');
    const raw = req.query.get('quantity') ?? req.query.get('quntity');
    if (raw === null) throw new HttpFail(400, 'quantity is required');
    const q = quantity.safeParse(raw);
    if (!q.success) throw new HttpFail(400, `quantity: ${q.error.issues[0]!.message}`);
    const venue = req.query.get('venueId');
    if (venue !== null && venue !== '1') throw new HttpFail(400, `venueId ${venue} is not a marketplace account of this seller (the sandbox has venue 1)`);
    account.item(msku);
    return { msku, quantity: q.data };
  };
  const plan = (msku: string, q: number) => planShipments(msku, q, () => account.nextShipmentNumber());
  const openKey = (shipment: PlannedShipment) => `OPEN_SHIPMENT_${state.merchantId}_${state.marketplaceId}_${shipment.center.id}_${PREP_TYPE}`;

  route('GET', '/v1/fbaCreateInboundShipmentPlan', (req) => {
    const { msku, quantity: q } = readPlanQuery(req);
    return Object.fromEntries(plan(msku, q).map((s) => [s.shipmentId, {
      shipmentId: s.shipmentId,
      labelPrepType: PREP_TYPE,
      shipToAddr: { name: s.center.name, addr1: s.center.addr1, addr2: s.center.addr2, county: s.center.county, city: s.center.city, state: s.center.state, country: s.center.country, zip: s.center.zip },
      fulfillmentCenterId: s.center.id,
      items: { [msku]: { sku: msku, fnsku: fnskuOf(msku), qty: String(s.quantity) } },
    }]));
  });

  route('GET', '/v1/doSendToFBA', (req) => {
    const { msku, quantity: q } = readPlanQuery(req);
    const move = readMove({ msku, quantity: q, fromLocationId: req.query.get('fromLocationId') ?? undefined, fromPurchaseId: req.query.get('fromPurchaseId') ?? undefined });
    checkSource(move, CAN_MOVE_FBA, 'doSendToFBA');
    takeFromSource(move);
    const fnsku = fnskuOf(msku);
    const result: Record<string, unknown> = {};
    for (const planned of plan(msku, q)) {
      // The open shipment for this merchant, marketplace, center and prep type, unless it is closed or failing.
      const key = openKey(planned);
      const open = state.locations[state.settings[key] ?? ''];
      const usable = open && open.type === 'fbaShipment' && !state.shipments[open.display];
      let location = open;
      if (!usable) {
        location = {
          id: account.nextLocationId(), display: planned.shipmentId, order: 0, type: 'fbaShipment',
          ref: `${state.merchantId}:${state.marketplaceId}:${planned.shipmentId}:${PREP_TYPE}`,
          notes: `Inbound shipment ${planned.shipmentId} to ${planned.center.id} (${planned.center.city}, ${planned.center.state})`,
          created: account.now(), modified: null,
        };
        account.putLocation(location);
        account.setSetting(key, location.id);
      }
      const stock = account.ensureStock(msku, location!.id);
      const total = account.adjustStock(stock.id, planned.quantity);
      const shipmentId = location!.display;
      result[shipmentId] = {
        shipmentId,
        fnsku,
        fnskuLabel: `${req.origin}/fnskuLabel?msku=${encodeURIComponent(msku)}&fnsku=${fnsku}`,
        quantity: String(planned.quantity),
        fc: planned.center.id,
        prepType: PREP_TYPE,
        newShipment: !usable,
        itemLocation: itemLocationRecord(total, req.origin),
      };
    }
    return result;
  });

  for (const status of ['close', 'fail', 'reopen'] as const) {
    server.route('POST', `/_sandbox/shipments/:id/${status}`, (req) => {
      const shipmentId = req.params.id!;
      if (!Object.values(state.locations).some((l) => l.type === 'fbaShipment' && l.display === shipmentId)) throw new HttpFail(404, `shipment ${shipmentId} not found`);
      account.setShipmentStatus(shipmentId, status === 'close' ? 'closed' : status === 'fail' ? 'failing' : undefined);
      return { body: { shipmentId, status: status === 'reopen' ? 'open' : status === 'close' ? 'closed' : 'failing' } };
    });
  }
}
