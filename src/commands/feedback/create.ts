/** inv feedback create: record feedback left on an order. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { jsonInput, validate } from '../../cli/input.js';
import { FEEDBACK_VIEW, feedbackFields, feedbackOptions, type FeedbackFlags } from './views.js';

/** Registers `inv feedback create`. */
export function register(feedback: Command, run: Runner): void {
  feedbackOptions(feedback.command('create'))
    .description('record feedback (asks for venue and date on a terminal)')
    .addHelpText('after', '\nExample:\n  inv feedback create --venue-id 1 --order-id 111-7654321-1234567 --date 2026-11-20 --rating 4 --comments "Good"')
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
