/** inv feedback get ID: one feedback record. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { FEEDBACK_VIEW } from './views.js';

/** Registers `inv feedback get`. */
export function register(feedback: Command, run: Runner): void {
  feedback
    .command('get')
    .description('show one feedback record')
    .argument('<id>', 'feedback id (venue id and order id)')
    .addHelpText('after', '\nExample:\n  inv feedback get 1-111-2223334-5556667')
    .action(
      run(async (ctx, [id]) => {
        const out = ctx.output(FEEDBACK_VIEW);
        await out.render([await (await ctx.inventory()).feedback(id as string)]);
      }),
    );
}
