/** inv feedback get ID: one feedback record. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { FEEDBACK_VIEW } from './feedback-views.js';

export const meta: Meta = {
  name: 'get',
  args: [['<id>', 'feedback id (venue id and order id)']],
  summary: 'show one feedback record',
};

/** Options and action of `inv feedback get` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv feedback get 1-111-2223334-5556667').action(
    run(async (ctx, [id]) => {
      const out = ctx.output(FEEDBACK_VIEW);
      await out.render([await (await ctx.inventory()).feedback(id as string)]);
    }),
  );
}
