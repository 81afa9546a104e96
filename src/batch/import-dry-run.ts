/** The dry run of an item import: each row read against the item it names and listed as new, changed (which fields) or unchanged; nothing is written. */
import { BatchIncompleteError, InvError } from '../errors.js';
import type { InventoryClient } from '../api/inventory.js';
import { identified } from './identified.js';
import type { Prepared } from './prepare.js';
import type { BatchEnv, BatchOutcome, BatchRequest, RowResult, Rows } from './batch-types.js';
import { planRow, type ItemRow } from './import-plan.js';

/** Plans every row that a real run would send, in input order; a later row for the same msku sees the earlier one's fields. */
export async function dryRunImport(
  prepared: Prepared<ItemRow>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  client: InventoryClient,
): Promise<BatchOutcome> {
  const started = performance.now();
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0, inDoubt: 0, skipped: 0 };
  const plan: RowResult[] = [];
  const problems: RowResult[] = [];
  // Rows on one msku are sent in file order (order.ts): each is planned against the item as the rows before it leave it.
  const known = new Map<string, Record<string, unknown>>();
  for await (const item of identified(prepared.kind, rows())) {
    const msku = String(item.row!.item.msku);
    const state = prepared.journal.rows.get(item.id!)?.state;
    let result: RowResult;
    if (state === 'done') result = { line: item.line, msku, status: 'skipped', error: 'done in an earlier run' };
    else if (state === 'in-doubt' && !request.retryInDoubt)
      result = {
        line: item.line,
        msku,
        status: 'in-doubt',
        error: 'sent in an earlier run without a sure answer: not sent again',
      };
    else {
      try {
        const plan = await planRow(client, item.row!, known);
        if (plan.change !== 'unchanged') known.set(msku, plan.after);
        result = {
          line: item.line,
          msku,
          status: 'would-succeed',
          change: plan.change,
          ...('fields' in plan ? { fields: plan.fields } : {}),
        };
      } catch (error) {
        if (!(error instanceof InvError) || error.exitCode === 4 || error.exitCode === 5) throw error;
        result = { line: item.line, msku, status: 'would-fail', error: error.message };
      }
    }
    const key =
      result.status === 'skipped'
        ? 'skipped'
        : result.status === 'in-doubt'
          ? 'inDoubt'
          : result.status === 'would-fail'
            ? 'failed'
            : result.change === 'new'
              ? 'created'
              : result.change === 'changed'
                ? 'updated'
                : 'unchanged';
    counts[key]++;
    plan.push(result);
    if (key === 'failed' || key === 'inDoubt') problems.push(result);
    await env.onResult(result);
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
  const summary = {
    batch: prepared.name,
    rows: prepared.total,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    wouldFail: counts.failed,
    inDoubt: counts.inDoubt,
    skipped: counts.skipped,
    seconds,
    journal: prepared.path,
    dryRun: true,
    plan,
  };
  const line = `dry run: ${counts.created} new, ${counts.updated} changed, ${counts.unchanged} unchanged, ${counts.failed} would fail, ${counts.inDoubt} in doubt, ${counts.skipped} done earlier — batch "${prepared.name}"`;
  const error =
    counts.failed + counts.inDoubt > 0
      ? new BatchIncompleteError(
          `${counts.failed} of ${prepared.total} rows would fail and ${counts.inDoubt} are in doubt`,
          'fix the rows listed, then run without --dry-run',
        )
      : undefined;
  return { summary, problems, line, error };
}
