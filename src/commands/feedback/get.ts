/** inv feedback get ID: one feedback record. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { FEEDBACK_VIEW } from './feedback-views.js';

export const meta: Meta = {
  name: 'get',
  args: [['<id>', 'feedback id (venue id and order id)']],
  summary: 'show one feedback record',
};

/** Options of `inv feedback get`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv feedback get 1-111-2223334-5556667');
}

/** The feedback id. */
export function parse([id]: unknown[]): string {
  return String(id);
}

/** Shows the record. */
export async function run(ctx: Ctx, id: string): Promise<void> {
  const out = ctx.output(FEEDBACK_VIEW);
  await out.render([await (await ctx.inventory()).feedback(id)]);
}
