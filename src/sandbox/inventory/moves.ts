/** doMoveItem, and what the macros share: reading a move, checking its source and taking from it. Every check runs before any change. */
import { z } from 'zod';
import { HttpFail } from '../http.js';
import type { Account } from './account.js';
import { CAN_MOVE, itemLocationRecord } from './records.js';
import type { AddRoute } from './routes/route-base.js';

const id = z
  .union([z.number().int().positive(), z.string().regex(/^\d+$/)], { error: 'must be a whole number' })
  .transform(String);
export const quantity = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000)
    ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
  return n;
});

/** A move as the server reads it from a request body (ids kept as strings). */
export interface ParsedMove {
  msku: string;
  quantity: number;
  fromLocationId?: string;
  fromPurchaseId?: string;
}

/** msku, quantity (also under the documented table's spelling "quntity"; docs/decisions.md, 7) and exactly one from field. */
export function readMove(input: Record<string, unknown>): ParsedMove {
  const fields: Record<string, unknown> = { ...input, quantity: input.quantity ?? input.quntity };
  if (typeof fields.msku !== 'string' || !fields.msku) throw new HttpFail(400, 'msku is required');
  if (fields.quantity === undefined || fields.quantity === '') throw new HttpFail(400, 'quantity is required');
  const q = quantity.safeParse(fields.quantity);
  if (!q.success) throw new HttpFail(400, `quantity: ${q.error.issues[0]!.message}`);
  const hasLocation = fields.fromLocationId !== undefined && fields.fromLocationId !== '';
  const hasPurchase = fields.fromPurchaseId !== undefined && fields.fromPurchaseId !== '';
  if (hasLocation === hasPurchase)
    throw new HttpFail(400, 'exactly one of fromLocationId or fromPurchaseId is required');
  const from = id.safeParse(hasLocation ? fields.fromLocationId : fields.fromPurchaseId);
  if (!from.success)
    throw new HttpFail(400, `${hasLocation ? 'fromLocationId' : 'fromPurchaseId'}: must be a whole number`);
  return {
    msku: fields.msku,
    quantity: q.data,
    ...(hasLocation ? { fromLocationId: from.data } : { fromPurchaseId: from.data }),
  };
}

/** Checks the source of a move: the location holds enough and allows it, or the purchase has the item. */
export function checkMoveSource(account: Account, move: ParsedMove, allowed: Set<string>, macro: string): void {
  if (move.fromPurchaseId) return void account.purchaseItem(move.fromPurchaseId, move.msku);
  const from = account.location(move.fromLocationId!);
  if (!allowed.has(from.type))
    throw new HttpFail(400, `fromLocationId: ${macro} cannot take stock from location ${from.id} (type ${from.type})`);
  const held = account.stockOf(move.msku, from.id)?.quantity ?? 0;
  if (held < move.quantity)
    throw new HttpFail(
      400,
      `location ${from.id} holds ${held} of "${move.msku}", fewer than the ${move.quantity} asked`,
    );
}

/** Takes the moved quantity from its source (call only after every check passed). */
export function takeFromSource(account: Account, move: ParsedMove): void {
  if (move.fromPurchaseId) account.receive(move.fromPurchaseId, move.msku, move.quantity);
  else account.adjustStock(account.stockOf(move.msku, move.fromLocationId!)!.id, -move.quantity);
}

/** Registers doMoveItem. */
export function moveRoutes(route: AddRoute, account: Account): void {
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
    if (move.fromLocationId === toId.data)
      throw new HttpFail(400, 'fromLocationId and toLocationId are the same location');
    checkMoveSource(account, move, CAN_MOVE, 'doMoveItem');
    // Every check passed: the changes below cannot fail halfway.
    takeFromSource(account, move);
    const destination = account.ensureStock(move.msku, toId.data);
    return itemLocationRecord(account.adjustStock(destination.id, move.quantity), req.origin);
  });
}
