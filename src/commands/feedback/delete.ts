/** inv feedback delete ID: delete a feedback record (asks first unless --yes). */
import type { Command } from 'commander';
import { InvError } from '../../errors.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { FEEDBACK_VIEW } from './feedback-views.js';

export const meta: Meta = {
  name: 'delete',
  args: [['<id>', 'feedback id']],
  summary: 'delete a feedback record (asks first unless --yes)',
};

/** Options of `inv feedback delete`. */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv feedback delete 1-111-2223334-5556667 --yes');
}

/** The feedback id. */
export function parse([id]: unknown[]): string {
  return String(id);
}

/** Reads the record, asks (unless --yes) and deletes it. */
export async function run(ctx: Ctx, id: string): Promise<void> {
  const out = ctx.output(FEEDBACK_VIEW);
  const client = await ctx.inventory();
  const record = await client.feedback(id);
  if (!(await ctx.confirm(`Delete feedback ${record.id} (${record.date}, rating ${record.rating ?? '-'})?`)))
    throw new InvError('not deleted: the answer was no');
  await out.render([await client.deleteFeedback(record.id)]);
}
