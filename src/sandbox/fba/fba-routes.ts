/** fbaCreateInboundShipmentPlan, doSendToFBA and the sandbox's shipment controls. Every check runs before any change. */
import { HttpFail, type SandboxRequest, type SandboxServer } from '../http.js';
import type { Account } from '../inventory/account.js';
import { checkMoveSource, quantity, readMove, takeFromSource } from '../inventory/moves.js';
import { CAN_MOVE_FBA, itemLocationRecord } from '../inventory/records.js';
import type { AddRoute } from '../inventory/routes/route-base.js';
import { CENTERS } from './centers.js';
import { shipmentNotes } from './notes.js';
import { fnskuOf, planShipments, PREP_TYPE, type PlannedFbaShipment } from './shipment-plan.js';

/** The msku and quantity of a plan or send request (quantity also under the documented spelling "quntity"). */
function readPlanQuery(account: Account, req: SandboxRequest): { msku: string; quantity: number } {
  const msku = req.query.get('msku');
  if (!msku) throw new HttpFail(400, 'msku is required');
  const raw = req.query.get('quantity') ?? req.query.get('quntity');
  if (raw === null) throw new HttpFail(400, 'quantity is required');
  const q = quantity.safeParse(raw);
  if (!q.success) throw new HttpFail(400, `quantity: ${q.error.issues[0]!.message}`);
  const venue = req.query.get('venueId');
  if (venue !== null && venue !== '1')
    throw new HttpFail(400, `venueId ${venue} is not a marketplace account of this seller (the sandbox has venue 1)`);
  account.item(msku);
  return { msku, quantity: q.data };
}

/** Registers the plan and send-to-FBA macros. */
export function fbaRoutes(route: AddRoute, account: Account): void {
  const { state } = account;
  const plan = (msku: string, q: number) => planShipments(msku, q, () => account.nextShipmentNumber());
  const openKey = (shipment: PlannedFbaShipment) =>
    `OPEN_SHIPMENT_${state.merchantId}_${state.marketplaceId}_${shipment.center.id}_${PREP_TYPE}`;

  route('GET', '/v1/fbaCreateInboundShipmentPlan', (req) => {
    const { msku, quantity: q } = readPlanQuery(account, req);
    return Object.fromEntries(
      plan(msku, q).map((s) => [
        s.shipmentId,
        {
          shipmentId: s.shipmentId,
          labelPrepType: PREP_TYPE,
          shipToAddr: {
            name: s.center.name,
            addr1: s.center.addr1,
            addr2: s.center.addr2,
            county: s.center.county,
            city: s.center.city,
            state: s.center.state,
            country: s.center.country,
            zip: s.center.zip,
          },
          fulfillmentCenterId: s.center.id,
          items: { [msku]: { sku: msku, fnsku: fnskuOf(msku), qty: String(s.quantity) } },
        },
      ]),
    );
  });

  route('GET', '/v1/doSendToFBA', (req) => {
    const { msku, quantity: q } = readPlanQuery(account, req);
    const move = readMove({
      msku,
      quantity: q,
      fromLocationId: req.query.get('fromLocationId') ?? undefined,
      fromPurchaseId: req.query.get('fromPurchaseId') ?? undefined,
    });
    checkMoveSource(account, move, CAN_MOVE_FBA, 'doSendToFBA');
    takeFromSource(account, move);
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
          id: account.nextLocationId(),
          display: planned.shipmentId,
          order: 0,
          type: 'fbaShipment',
          ref: `${state.merchantId}:${state.marketplaceId}:${planned.shipmentId}:${PREP_TYPE}`,
          notes: null,
          created: account.now(),
          modified: null,
        };
        account.putLocation(location);
        account.setSetting(key, location.id);
      }
      const stock = account.ensureStock(msku, location!.id);
      const total = account.adjustStock(stock.id, planned.quantity);
      const shipmentId = location!.display;
      const kept = account.addToPlan(shipmentId, planned.center.id, msku, fnsku, planned.quantity);
      const center = CENTERS.find((c) => c.id === kept.center) ?? planned.center;
      account.putLocation({ ...state.locations[location!.id]!, notes: shipmentNotes(shipmentId, center, kept) });
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
}

/** Registers POST /_sandbox/shipments/:id/close|fail|reopen (no token: a test and demo control). */
export function shipmentControls(server: SandboxServer, account: Account): void {
  const { state } = account;
  for (const status of ['close', 'fail', 'reopen'] as const) {
    server.route('POST', `/_sandbox/shipments/:id/${status}`, (req) => {
      const shipmentId = req.params.id!;
      if (!Object.values(state.locations).some((l) => l.type === 'fbaShipment' && l.display === shipmentId))
        throw new HttpFail(404, `shipment ${shipmentId} not found`);
      account.setShipmentStatus(shipmentId, status === 'close' ? 'closed' : status === 'fail' ? 'failing' : undefined);
      return { body: { shipmentId, status: status === 'reopen' ? 'open' : status === 'close' ? 'closed' : 'failing' } };
    });
  }
}
