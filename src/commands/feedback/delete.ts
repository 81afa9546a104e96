/** inv feedback delete ID: delete a feedback record (asks first unless --yes). */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Runner } from '../../cli/command.js';
import { FEEDBACK_VIEW } from './views.js';

/** Registers `inv feedback delete`. */
export function register(feedback: Command, run: Runner): void {
  feedback
    .command('delete')
    .description('delete a feedback record (asks first unless --yes)')
    .argument('<id>', 'feedback id')
    .addHelpText('after', '\nExample:\n  inv feedback delete 1-111-2223334-5556667 --yes')
    .action(
      run(async (ctx, [id]) => {
        const out = ctx.output(FEEDBACK_VIEW);
        const client = await ctx.inventory();
        const record = await client.feedback(id as string);
        if (!(await ctx.confirm(`Delete feedback ${record.id} (${record.date}, rating ${record.rating ?? '-'})?`))) throw new InvError('not deleted: the answer was no');
        await out.render([await client.deleteFeedback(record.id)]);
      }),
    );
}
