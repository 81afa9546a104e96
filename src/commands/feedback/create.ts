/** inv feedback create: record feedback left on an order. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { jsonInput, validate } from '../../cli/request-body.js';
import { FEEDBACK_VIEW, feedbackFields, feedbackOptions, type FeedbackFlags } from './feedback-views.js';

export const meta: Meta = { name: 'create', summary: 'record feedback (asks for venue and date on a terminal)' };

/** Options and action of `inv feedback create` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  feedbackOptions(command)
    .addHelpText(
      'after',
      '\nExample:\n  inv feedback create --venue-id 1 --order-id 111-7654321-1234567 --date 2026-11-20 --rating 4 --comments "Good"',
    )
    .action(
      run<FeedbackFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(FEEDBACK_VIEW);
        const input: Record<string, unknown> = { ...(await jsonInput(ctx.io, flags.file)), ...feedbackFields(flags) };
        input.venueId ??= await ctx.ask({ what: 'the venue id', flag: '--venue-id', message: 'Venue id:' });
        input.date ??= await ctx.ask({ what: 'the date', flag: '--date', message: 'Date (YYYY-MM-DD):' });
        const record = await validate('feedback', input, 'feedback');
        await out.render([await (await ctx.inventory()).createFeedback(record)]);
      }),
    );
}
