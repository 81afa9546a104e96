/** inv feedback create: record feedback left on an order. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { mergedInput, validate, type RecordInput } from '../../cli/request-body.js';
import { FEEDBACK_VIEW, feedbackFields, feedbackOptions, type FeedbackFlags } from './feedback-views.js';

export const meta: Meta = { name: 'create', summary: 'record feedback (asks for venue and date on a terminal)' };

/** Options of `inv feedback create`. */
export function setup(command: Command): void {
  feedbackOptions(command).addHelpText(
    'after',
    [
      '\nExample:',
      '  inv feedback create --venue-id 1 --order-id 111-7654321-1234567 --date 2026-11-20 --rating 4 --comments "Good"',
    ].join('\n'),
  );
}

/** The fields given as flags (venue and date are asked for in the run when missing). */
export function parse(_args: unknown[], flags: FeedbackFlags): RecordInput {
  return { file: flags.file, fields: feedbackFields(flags) };
}

/** Asks for what is missing, checks the record and creates it. */
export async function run(ctx: Ctx, options: RecordInput): Promise<void> {
  const out = ctx.output(FEEDBACK_VIEW);
  const input = await mergedInput(ctx.io, options);
  input.venueId ??= await ctx.ask({ what: 'the venue id', flag: '--venue-id', message: 'Venue id:' });
  input.date ??= await ctx.ask({ what: 'the date', flag: '--date', message: 'Date (YYYY-MM-DD):' });
  const record = await validate('feedback', input, 'feedback');
  await out.render([await (await ctx.inventory()).createFeedback(record)]);
}
