/**
 * The dry run of a move batch: the journal says which rows are done or in doubt; the rest are simulated in input
 * order against current state.
 */
import type { InventoryClient } from '../../api/inventory.js';
import type { BatchEnv, BatchOutcome, BatchRequest, Rows } from '../batch-types.js';
import { dryRunError, isProblem, needsIds, noCounts, secondsSince, settledRow } from '../sending/dry-run-rows.js';
import { identified } from '../identity/identified.js';
import { checkStopped } from '../input/input-scan.js';
import { MoveChecks } from './move-checks.js';
import { ProblemRows } from '../views/problem-rows.js';
import { ReadingProgress } from '../views/progress.js';
import type { MoveRow, MoveWhat } from './move-rows.js';
import type { Prepared } from '../prepare.js';
import { COUNT_KEY } from '../journal/row-states.js';

/** Checks every row that a real run would send, changing nothing; statuses are would-succeed or would-fail. */
export async function dryRunMoves(
  prepared: Prepared<MoveRow, MoveWhat>,
  request: BatchRequest,
  env: BatchEnv,
  rows: Rows,
  client: InventoryClient,
): Promise<BatchOutcome> {
  const started = performance.now();
  const checks = await MoveChecks.start(client, env.warn);
  const counts = noCounts();
  const problems = new ProblemRows();
  let seen = 0;
  const progress = new ReadingProgress(`checking ${env.input.label}`, env.progress);
  for await (const item of identified(prepared.kind, rows(), { ids: needsIds(prepared) })) {
    checkStopped(env.signal, ++seen);
    progress.row();
    const result = settledRow(prepared, request.retryInDoubt, item, item.row!.msku) ?? (await checks.check(item));
    counts[COUNT_KEY[result.status]]++;
    if (isProblem(result.status)) problems.add(result);
    await env.onResult(result);
  }
  progress.finish();
  const { wouldSucceed, wouldFail, inDoubt, skipped } = counts;
  // Nothing is done or failed in a dry run: what would happen has keys of its own.
  const summary = {
    batch: prepared.name,
    rows: prepared.total,
    done: 0,
    failed: 0,
    inDoubt,
    skipped,
    pending: 0,
    wouldSucceed,
    wouldFail,
    stopped: false,
    seconds: secondsSince(started),
    journal: prepared.path,
    dryRun: true,
    ...(problems.more ? { moreProblems: problems.more } : {}),
  };
  const told = `${wouldSucceed} would succeed, ${wouldFail} would fail, ${inDoubt} in doubt, ${skipped} done earlier`;
  const line = `dry run: ${told} — batch "${prepared.name}"`;
  return { summary, problems: problems.rows, line, error: dryRunError(prepared.total, wouldFail, inDoubt) };
}
