/** What `inv batch show` tells of a batch: its rows by state, and for rows in doubt the quantities now on the server. */
import { UsageError } from '../../errors.js';
import type { InventoryClient } from '../../api/inventory.js';
import { LocationNames } from '../../api/location-names.js';
import { stockAt } from '../../api/stock.js';
import { mapLimit } from '../../util/concurrency.js';
import { parseHead, SETTING_MAX_BYTES } from '../anchor/head.js';
import { findBatch } from '../journal/kept-batches.js';
import { SHOWN_STATES, type JournalState } from '../journal/row-states.js';

export interface ShownRow {
  line: number | null;
  state: JournalState;
  msku: string | null;
  quantity?: unknown;
  from?: unknown;
  to?: unknown;
  /** The locations' names at the server, when it could be asked (null: no location of that id). */
  fromName?: string | null;
  toName?: string | null;
  fromQuantity?: number | null;
  toQuantity?: number | null;
  error?: string;
  /** For a row in doubt: what the quantities now on the server imply, in words (what they held before, if applied). */
  check?: string;
  row: string;
}

/** A location as a person reads it: "Shelf A1 (1)" where the server named it, else its id. */
export function placeName(id: unknown, name: string | null | undefined): string {
  return name ? `${name} (${String(id)})` : String(id);
}

/**
 * What a row in doubt's quantities now imply: what its places held before the move if it was applied (compare with a
 * count, or with what they held before the run); undefined when they could not be read.
 */
export function checkOf(r: ShownRow): string | undefined {
  const qty = Number(r.quantity);
  if (typeof r.toQuantity !== 'number' || !Number.isFinite(qty)) return undefined;
  const to = placeName(r.to, r.toName);
  if (typeof r.fromQuantity !== 'number')
    return `${to} holds ${r.toQuantity} now: applied if it held ${r.toQuantity - qty} before`;
  const from = placeName(r.from, r.fromName);
  return [
    `${from} holds ${r.fromQuantity} and ${to} ${r.toQuantity} now:`,
    `applied if they held ${r.fromQuantity + qty} and ${r.toQuantity - qty} before`,
  ].join(' ');
}

/**
 * What the server's head says of a batch that this machine's journal does not (another machine ran it since): its run
 * that finished it, or a later generation; undefined when the journal is as far as the server.
 */
async function laterOnServer(
  client: () => Promise<InventoryClient>,
  key: string,
  gen: number,
  state: string,
): Promise<string | undefined> {
  const text = await (await client()).settingValue(`INV_BATCH_${key}`, { maxBytes: SETTING_MAX_BYTES });
  const head = text === undefined ? undefined : parseHead(`INV_BATCH_${key}`, text, Number.MAX_SAFE_INTEGER);
  if (!head) return undefined;
  const when = `${head.ended ?? head.renewed} on ${head.host}`;
  if (head.gen > gen) return `the server holds a later run of this batch (generation ${head.gen}, ${when})`;
  if (head.gen === gen && head.state === 'finished' && state !== 'finished')
    return `the server says this batch finished ${when}: the rows above are as this machine last saw them`;
  return undefined;
}

/** The state `inv batch show --state` lists, checked: one of SHOWN_STATES, or undefined for every state. */
export function shownState(only: string | undefined): JournalState | undefined {
  if (only !== undefined && !SHOWN_STATES.includes(only as JournalState))
    throw new UsageError(`--state "${only}" must be one of ${SHOWN_STATES.join(', ')}`);
  return only as JournalState | undefined;
}

/** The rows of batch `name`, in doubt first; location names, and quantities for rows in doubt, read where the server answers. */
export async function showBatch(
  stateDir: string,
  name: string,
  origin: string | undefined,
  only: JournalState | undefined,
  client: () => Promise<InventoryClient>,
) {
  const { info, file } = await findBatch(stateDir, name, origin);
  const warnings: string[] = [];
  if (file.damage) {
    const at = `record ${file.damage.record} (byte ${file.damage.offset})`;
    warnings.push(`the journal is damaged at ${at}: rows recorded there are not shown, and the batch cannot run`);
  }
  if (file.torn) warnings.push('the last journal record was cut short by a crash: its row is in doubt');
  const rows: ShownRow[] = [...file.rows.values()]
    .filter((r) => r.state !== 'dropped' && (!only || r.state === only))
    .sort((a, b) => SHOWN_STATES.indexOf(a.state) - SHOWN_STATES.indexOf(b.state) || (a.line ?? 0) - (b.line ?? 0))
    .map((r) => ({
      line: r.line ?? null,
      state: r.state,
      msku: typeof r.what?.msku === 'string' ? r.what.msku : null,
      quantity: r.what?.quantity,
      from: r.what?.from ?? (r.what?.fromPurchaseId ? `purchase ${String(r.what.fromPurchaseId)}` : undefined),
      to: r.what?.to,
      ...(r.error ? { error: r.error } : {}),
      row: r.id,
    }));
  const doubtful = rows.filter((r) => r.state === 'in-doubt' && r.msku && info.kind === 'move');
  if (info.kind === 'move' && rows.length > 0 && info.origin === origin) {
    try {
      const api = await client();
      const locations = await new LocationNames(api).byId();
      const nameOf = (id: unknown) =>
        typeof id === 'string' && /^\d+$/.test(id) ? (locations.get(id)?.display ?? null) : undefined;
      for (const r of rows) Object.assign(r, { fromName: nameOf(r.from), toName: nameOf(r.to) });
      const held = async (msku: string, location: unknown) =>
        typeof location === 'string' && /^\d+$/.test(location)
          ? Number((await stockAt(api, msku, location))?.quantity ?? 0)
          : null;
      await mapLimit(doubtful.slice(0, 200), 4, async (r) => {
        r.fromQuantity = await held(r.msku!, r.from);
        r.toQuantity = await held(r.msku!, r.to);
        const check = checkOf(r);
        if (check) r.check = check;
      });
    } catch (error) {
      warnings.push(`location names and quantities could not be read from ${info.origin}: ${(error as Error).message}`);
    }
  }
  if (info.origin === origin && file.header?.key) {
    const later = await laterOnServer(client, file.header.key, file.header.gen ?? 1, info.state).catch(() => undefined);
    if (later) warnings.push(later);
  }
  const rowCounts = `${info.done} done, ${info.failed} failed, ${info.inDoubt} in doubt, ${info.pending} not sent`;
  const runs = `first run ${info.firstRun ?? '-'}, last run ${info.lastRun ?? '-'} on ${info.origin} as ${info.account}`;
  const summary = `batch "${info.name}" (${info.kind}, ${info.state}): ${info.total} rows: ${rowCounts}; ${runs}`;
  return { info, rows, summary, warnings };
}
