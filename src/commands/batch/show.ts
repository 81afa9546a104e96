/** inv batch show NAME: the rows of a batch by state; for rows in doubt, the quantities to check on the server. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import type { View } from '../../cli/output/view.js';
import { stateDir } from '../../config/paths.js';
import { originOf } from '../../http/url.js';
import { placeName, showBatch, shownState, type ShownRow } from '../../batch/views/batch-details.js';
import { SHOWN_STATES, type JournalState } from '../../batch/journal/row-states.js';
import { addOptions, choiceOption, type FlagsOf } from '../../cli/option-kinds.js';

const VIEW: View<ShownRow> = {
  kind: 'list',
  fields: [
    'line',
    'state',
    'msku',
    'quantity',
    'from',
    'to',
    'fromName',
    'toName',
    'fromQuantity',
    'toQuantity',
    'error',
    'check',
    'row',
  ],
  rows: (r) => [
    {
      ...r,
      from: r.from === undefined ? undefined : placeName(r.from, r.fromName),
      to: r.to === undefined ? undefined : placeName(r.to, r.toName),
      why: r.check ?? r.error,
    },
  ],
  // At 80 columns the row id stays whole (it is what `resolve --row` takes): places go first, then the words wrap.
  columns: [
    { key: 'line', header: 'line', align: 'right' },
    { key: 'state', header: 'state' },
    { key: 'msku', header: 'msku', wrap: 8 },
    { key: 'quantity', header: 'qty', align: 'right' },
    { key: 'from', header: 'from', wrap: 8, priority: 1 },
    { key: 'to', header: 'to', wrap: 8, priority: 1 },
    { key: 'row', header: 'row id' },
    { key: 'why', header: 'why, or what to check', wrap: 20 },
  ],
};

export const meta: Meta = {
  name: 'show',
  args: [['<batch>', 'the batch name (see inv batch list)']],
  summary: 'the rows of a batch by state (in doubt first), with what to check for rows in doubt',
};

/** The batch to show (a name or its file), and the one state to list, if any. */
export interface ShowOptions {
  name: string;
  state: JournalState | undefined;
}

const OPTIONS = {
  state: choiceOption('--state <state>', 'only rows in this state', SHOWN_STATES, (text) => shownState(text)!),
};

/** Options of `inv batch show` (declared from `meta`). */
export function setup(command: Command): void {
  addOptions(command, OPTIONS);
  command.addHelpText(
    'after',
    [
      '',
      'For a row in doubt, the quantities of its item at the source and destination are read from the server:',
      'compare them with what you expect, then `inv batch resolve NAME --row ID --applied` (or --not-applied).',
      '',
      "NAME is the batch name, or its file as typed (from the current directory), or the file's base name when one batch has it.",
      '',
      'Examples:',
      '  inv batch show replenish-2026-11-24',
      '  inv batch show moves.csv --state in-doubt --json',
    ].join('\n'),
  );
}

/** The batch and --state. */
export function parse([name]: unknown[], flags: FlagsOf<typeof OPTIONS>): ShowOptions {
  return { name: name as string, state: flags.state };
}

/** Shows the batch's summary, its warnings and its rows. */
export async function run(ctx: Ctx, { name, state }: ShowOptions): Promise<void> {
  const out = ctx.output(VIEW);
  const origin = originOf((await ctx.settings()).baseUrl);
  const shown = await showBatch(stateDir(ctx.io.env), name, origin, state, async () => ctx.inventory());
  await ctx.info(shown.summary);
  for (const warning of shown.warnings) await ctx.info(`warning: ${warning}`);
  await out.render(shown.rows);
}
