/** inv batch list: the batches run against the profile's server (from any profile), newest first. */
import { rememberNames } from '../../cli/completion/names.js';
import type { Command } from 'commander';
import type { BatchInfo } from '../../batch/journal/kept-batches.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import type { View } from '../../cli/output/view.js';
import { stateDir } from '../../config/paths.js';
import { originOf } from '../../http/url.js';

const VIEW: View<BatchInfo> = {
  kind: 'list',
  fields: [
    'name',
    'kind',
    'state',
    'total',
    'done',
    'failed',
    'inDoubt',
    'pending',
    'firstRun',
    'lastRun',
    'profile',
    'origin',
    'account',
    'path',
  ],
  columns: [
    { key: 'name', header: 'batch' },
    { key: 'kind', header: 'kind' },
    { key: 'state', header: 'state' },
    { key: 'total', header: 'rows', align: 'right' },
    { key: 'done', header: 'done', align: 'right' },
    { key: 'failed', header: 'failed', align: 'right' },
    { key: 'inDoubt', header: 'in doubt', align: 'right' },
    { key: 'pending', header: 'not sent', align: 'right' },
    { key: 'firstRun', header: 'first run' },
    { key: 'lastRun', header: 'last run' },
    { key: 'profile', header: 'profile' },
  ],
};

export const meta: Meta = {
  name: 'list',
  summary:
    'the batches run against this server (from any profile): name, state, rows (done, failed, in doubt, not sent), runs',
};

/** Options of `inv batch list` (declared from `meta`): none. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExamples:\n  inv batch list\n  inv batch list --json');
}

/** `inv batch list` takes no options. */
export function parse(): Record<string, never> {
  return {};
}

/** Lists the batches kept for this server, remembering their names for completion. */
export async function run(ctx: Ctx): Promise<void> {
  const out = ctx.output(VIEW);
  const { listBatches } = await import('../../batch/journal/kept-batches.js');
  const kept = await listBatches(stateDir(ctx.io.env), originOf((await ctx.settings()).baseUrl));
  const batches = kept.map((b) => b.info);
  rememberNames(
    ctx.io.env,
    'batches',
    batches.map((b) => b.name),
  );
  await out.render(batches);
}
