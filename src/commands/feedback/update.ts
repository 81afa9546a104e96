/** inv feedback update ID: change feedback (the API replaces the whole record; unchanged fields are kept). */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { jsonInput, validate } from '../../cli/request-body.js';
import { FEEDBACK_VIEW, feedbackFields, feedbackOptions, type FeedbackFlags } from './feedback-views.js';

export const meta: Meta = {
  name: 'update',
  args: [['<id>', 'feedback id']],
  summary: 'change fields of a feedback record',
};

/** Options and action of `inv feedback update` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  feedbackOptions(command)
    .addHelpText('after', '\nExample:\n  inv feedback update 1-111-2223334-5556667 --rating 4')
    .action(
      run<FeedbackFlags>(async (ctx, [id], flags) => {
        const out = ctx.output(FEEDBACK_VIEW);
        const changes = { ...(await jsonInput(ctx.io, flags.file)), ...feedbackFields(flags) };
        if (Object.keys(changes).length === 0)
          throw new UsageError('nothing to update: give at least one field flag (e.g. --rating) or --file');
        const client = await ctx.inventory();
        await out.render([
          await client.updateFeedback(id as string, changes, (record) => validate('feedback', record, 'feedback')),
        ]);
      }),
    );
}
