/** inv feedback update ID: change feedback (the API replaces the whole record; unchanged fields are kept). */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { mergedInput, needsAField, validate, type RecordInput } from '../../cli/request-body.js';
import { FEEDBACK_VIEW, feedbackFields, feedbackOptions, type FeedbackFlags } from './feedback-views.js';

export const meta: Meta = {
  name: 'update',
  args: [['<id>', 'feedback id']],
  summary: 'change fields of a feedback record',
};

/** What `inv feedback update` changes: the record, and the fields given over --file's. */
export interface FeedbackUpdateOptions extends RecordInput {
  id: string;
}

/** Options of `inv feedback update`. */
export function setup(command: Command): void {
  feedbackOptions(command).addHelpText('after', '\nExample:\n  inv feedback update 1-111-2223334-5556667 --rating 4');
}

/** The id and the fields given: something to change (unless --file has it). */
export function parse([id]: unknown[], flags: FeedbackFlags): FeedbackUpdateOptions {
  const options = { id: String(id), file: flags.file, fields: feedbackFields(flags) };
  if (options.file === undefined) needsAField(options.fields, '--rating');
  return options;
}

/** Reads the record, applies the changes, checks the whole record and writes it. */
export async function run(ctx: Ctx, options: FeedbackUpdateOptions): Promise<void> {
  const out = ctx.output(FEEDBACK_VIEW);
  const changes = await mergedInput(ctx.io, options);
  if (options.file !== undefined) needsAField(changes, '--rating'); // a file that holds no field
  const client = await ctx.inventory();
  await out.render([
    await client.updateFeedback(options.id, changes, (record) => validate('feedback', record, 'feedback')),
  ]);
}
