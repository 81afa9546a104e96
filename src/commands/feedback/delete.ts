/** inv feedback delete ID: delete a feedback record (asks first unless --yes). */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Meta, Runner } from '../../cli/command.js';
import { FEEDBACK_VIEW } from './feedback-views.js';

export const meta: Meta = {
  name: 'delete',
  args: [['<id>', 'feedback id']],
  summary: 'delete a feedback record (asks first unless --yes)',
};

/** Options and action of `inv feedback delete` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command.addHelpText('after', '\nExample:\n  inv feedback delete 1-111-2223334-5556667 --yes').action(
    run(async (ctx, [id]) => {
      const out = ctx.output(FEEDBACK_VIEW);
      const client = await ctx.inventory();
      const record = await client.feedback(id as string);
      if (!(await ctx.confirm(`Delete feedback ${record.id} (${record.date}, rating ${record.rating ?? '-'})?`)))
        throw new InvError('not deleted: the answer was no');
      await out.render([await client.deleteFeedback(record.id)]);
    }),
  );
}
