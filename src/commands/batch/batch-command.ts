/**
 * What the batch commands (move --file, items import, batch *) share: the engine's surroundings from the context,
 * and rendering an outcome.
 */
import type { BatchOutcome, BatchRunEnv, RowResult } from '../../batch/batch-types.js';
import { BatchRefusedError, exitCodeOf, InterruptedError, UsageError } from '../../errors.js';
import { requireBaseUrl } from '../../cli/clients.js';
import type { Ctx, Output } from '../../cli/ctx.js';
import { jsonText } from '../../cli/output/render.js';
import { stateDir } from '../../config/paths.js';

// Where the batch flags are checked; items import still reads them from here.
export { batchRequest, type BatchRequestFlags } from './batch-request.js';

/**
 * The engine's surroundings for this context: state dir, profile, origin, account, progress, prompts; requests paced,
 * from the rate the last run learnt for `operation` (what the rows send, as "POST /v1/doMoveItem").
 */
export async function batchEnv(ctx: Ctx, operation: string): Promise<BatchRunEnv> {
  const settings = await ctx.settings();
  const origin = new URL(requireBaseUrl(settings)).origin;
  const dir = stateDir(ctx.io.env);
  const ndjson = ctx.globals.output === 'ndjson';
  const { batchAccount } = await import('../../batch/identity/identity.js');
  // A pause goes above the progress line on a terminal, and into the log with the time it began.
  await ctx.paceRequests(
    (line) => void ctx.info(ctx.io.stderrIsTTY ? `\r\x1b[2K${line}` : `${new Date().toISOString()} ${line}`),
    origin,
    operation,
  );
  return {
    stdin: ctx.io.stdin,
    stateDir: dir,
    profile: settings.profile,
    origin,
    inventory: () => ctx.inventory(),
    settings: {
      get: async (key, maxBytes) => (await ctx.inventory()).settingValue(key, { maxBytes, finishing: true }),
      put: async (key, value) => void (await (await ctx.inventory()).setSetting(key, value, { finishing: true })),
    },
    host: ctx.io.env.INV_HOST_ID || undefined,
    now: () => ctx.now(),
    sleep: (ms) => interruptibleSleep(ms, ctx.io.signal),
    waitMs: ctx.batchWaitMs(),
    info: (message) => ctx.info(message),
    account: async () =>
      batchAccount(dir, origin, await (await ctx.tokens()).accessToken(), async () => (await ctx.inventory()).whoami()),
    signal: ctx.io.signal,
    progress: {
      terminal: ctx.progressStream,
      log: ctx.io.stderrIsTTY || ctx.globals.quiet ? undefined : (line) => void ctx.io.err.write(line + '\n'),
    },
    // Only ndjson writes per row, and only then is there backpressure to wait for.
    onResult: (result: RowResult) => (ndjson ? ctx.io.out.write(JSON.stringify(result) + '\n') : undefined),
    warn: (message) => ctx.info(`warning: ${message}`),
    confirm: (message) => ctx.confirm(message),
  };
}

/** Waits `ms`; a stop (Ctrl-C, SIGTERM) ends the wait with InterruptedError. */
function interruptibleSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new InterruptedError('stopped while waiting: nothing more was sent'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(new InterruptedError('stopped while waiting: nothing more was sent'));
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** What a script reads of a batch that did not run: refused (a repeat, bad input) or stopped before sending. */
function refusalSummary(error: unknown): Record<string, unknown> {
  const base =
    error instanceof BatchRefusedError
      ? error.summary
      : { outcome: error instanceof UsageError ? 'invalid' : 'stopped' };
  return { ...base, error: (error as Error)?.message ?? String(error), exitCode: exitCodeOf(error) };
}

/** Runs a batch and renders it; with --json exactly one summary object reaches stdout, whatever the outcome. */
export async function runAndRender(ctx: Ctx, out: Output<RowResult>, run: () => Promise<BatchOutcome>): Promise<void> {
  let outcome: BatchOutcome;
  try {
    outcome = await run();
  } catch (error) {
    if (ctx.globals.output === 'json') await ctx.io.out.write(jsonText(refusalSummary(error), ctx.io) + '\n');
    throw error;
  }
  await renderOutcome(ctx, out, outcome);
}

/** Prints the summary (json), the rows not done (table), the one-line account; then throws the outcome's error. */
async function renderOutcome(ctx: Ctx, out: Output<RowResult>, outcome: BatchOutcome): Promise<void> {
  const ndjson = ctx.globals.output === 'ndjson';
  if (ctx.globals.output === 'json')
    await ctx.io.out.write(jsonText({ ...outcome.summary, problems: outcome.problems }, ctx.io) + '\n');
  else if (!ndjson && outcome.problems.length > 0) await out.render(outcome.problems);
  const more = outcome.summary.moreProblems;
  if (!ndjson && typeof more === 'number')
    await ctx.info(`… and ${more} more row(s) like these, not listed here: \`-o ndjson\` prints every row`);
  // In a log (stderr not a terminal) the last line is timestamped like the progress lines before it.
  const at = ctx.io.stderrIsTTY ? '' : `${new Date().toISOString()} `;
  await ctx.info(`${at}${outcome.error ? ctx.color.yellow('!') : ctx.color.green('✓')} ${outcome.line}`);
  if (outcome.error) throw outcome.error;
}
