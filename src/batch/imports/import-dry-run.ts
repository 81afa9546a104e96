/**
 * The dry run of an item import: each row read against the item it names and listed as new, changed (which
 * fields) or unchanged; nothing is written.
 */
import { InvError } from '../../errors.js';
import type { InventoryClient } from '../../api/inventory.js';
import type { BatchEnv, BatchOutcome, BatchRequest, RowResult, Rows } from '../batch-types.js';
import { dryRunError, isProblem, needsIds, noCounts, secondsSince, settledRow } from '../sending/dry-run-rows.js';
import { identified } from '../identity/identified.js';
import { checkStopped } from '../input/input-scan.js';
import { planRow, type ItemPlan, type ItemRow } from './import-plan.js';
import { ProblemRows } from '../views/problem-rows.js';
import { ReadingProgress } from '../views/progress.js';
import type { Prepared } from '../prepare.js';
import { COUNT_KEY } from '../journal/row-states.js';

/** The key a row that would go through is counted under, by what it would do to its item. */
const CHANGE_KEY: Record<ItemPlan['change'], 'created' | 'updated' | 'unchanged'> = {
  new: 'created',
  changed: 'updated',
  unchanged: 'unchanged',
};

/** Plans one row against the item as the rows before it leave it (`known`); a row the item rules refuse would fail. */
async function planned(
  client: InventoryClient,
  item: { line: number; row?: ItemRow },
  msku: string,
  known: Map<string, Record<string, unknown>>,
): Promise<RowResult> {
  try {
    const plan = await planRow(client, item.row!, known);
    if (plan.change !== 'unchanged') known.set(msku, plan.after);
    const fields = 'fields' in plan ? { fields: plan.fields } : {};
    return { line: item.line, msku, status: 'would-succeed', change: plan.change, ...fields };
  } catch (error) {
    if (!(error instanceof InvError) || error.exitCode === 4 || error.exitCode === 5) throw error;
    return { line: item.line, msku, status: 'would-fail', error: error.message };
  }
}

/** Plans every row that a real run would send, in input order; a later row for the same msku sees the earlier one's fields. */
export async function dryRunImport(
  prepared: Prepared<ItemRow>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  client: InventoryClient,
): Promise<BatchOutcome> {
  const started = performance.now();
  const counts = { ...noCounts(), created: 0, updated: 0, unchanged: 0 };
  const plan: RowResult[] = [];
  const problems = new ProblemRows();
  // Rows on one msku are sent in file order (order.ts): each is planned against the item as the rows before it leave it.
  const known = new Map<string, Record<string, unknown>>();
  let seen = 0;
  const progress = new ReadingProgress(`checking ${env.input.label}`, env.progress);
  for await (const item of identified(prepared.kind, rows(), { ids: needsIds(prepared) })) {
    checkStopped(env.signal, ++seen);
    progress.row();
    const msku = String(item.row!.item.msku);
    const result = settledRow(prepared, request.retryInDoubt, item, msku) ?? (await planned(client, item, msku, known));
    const change = result.change as ItemPlan['change'];
    counts[result.status === 'would-succeed' ? CHANGE_KEY[change] : COUNT_KEY[result.status]]++;
    plan.push(result);
    if (isProblem(result.status)) problems.add(result);
    await env.onResult(result);
  }
  progress.finish();
  const { created, updated, unchanged, wouldFail, inDoubt, skipped } = counts;
  const seconds = secondsSince(started);
  const summary = {
    batch: prepared.name,
    rows: prepared.total,
    created,
    updated,
    unchanged,
    wouldFail,
    inDoubt,
    skipped,
  };
  const told = [
    `${created} new, ${updated} changed, ${unchanged} unchanged,`,
    `${wouldFail} would fail, ${inDoubt} in doubt, ${skipped} done earlier`,
  ].join(' ');
  const line = `dry run: ${told} — batch "${prepared.name}"`;
  const error = dryRunError(prepared.total, wouldFail, inDoubt);
  const more = problems.more ? { moreProblems: problems.more } : {};
  const full = { ...summary, seconds, journal: prepared.path, dryRun: true, plan, ...more };
  return { summary: full, problems: problems.rows, line, error };
}
