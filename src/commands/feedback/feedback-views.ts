/** How feedback looks in tables, and the flags of its fields. */
import { fileOption } from '../../cli/option-kinds.js';
import type { Command } from 'commander';
import type { Feedback } from '../../api/inventory-types.js';
import { defined } from '../../cli/request-body.js';
import type { View } from '../../cli/output/view.js';
import { truncate } from '../../util/format.js';

const FIELDS = ['id', 'venueId', 'orderId', 'date', 'rating', 'comments', 'buyer', 'link'];
const COLUMNS = [
  { key: 'id', header: 'id' },
  { key: 'venueId', header: 'venue', align: 'right' as const },
  { key: 'date', header: 'date' },
  { key: 'rating', header: 'rating', align: 'right' as const },
  { key: 'buyer', header: 'buyer' },
  { key: 'comments', header: 'comments', format: (v: unknown) => truncate(String(v ?? ''), 50) },
];

export const FEEDBACKS_VIEW: View<Feedback> = { kind: 'list', fields: FIELDS, columns: COLUMNS };
export const FEEDBACK_VIEW: View<Feedback> = { kind: 'single', fields: FIELDS, columns: COLUMNS };

export interface FeedbackFlags {
  file?: string;
  venueId?: string;
  orderId?: string;
  date?: string;
  rating?: string;
  comments?: string;
  buyer?: string;
}

/** Declares the feedback field flags. */
export function feedbackOptions(command: Command): Command {
  return command
    .option('--venue-id <id>', 'venue (marketplace account) id')
    .option('--order-id <id>', "the venue's order id")
    .option('--date <date>', 'date the feedback was left, e.g. 2026-11-21')
    .option('--rating <1-5>', 'rating from 1 to 5')
    .option('--comments <text>', 'comments left with the order')
    .option('--buyer <buyer>', 'buyer name, e-mail or id')
    .addOption(fileOption('--file <file>', 'fields as a JSON object ("-" for stdin); flags override it'));
}

/** The fields given as flags. */
export function feedbackFields(flags: FeedbackFlags): Record<string, unknown> {
  return defined({
    venueId: flags.venueId,
    orderId: flags.orderId,
    date: flags.date,
    rating: flags.rating,
    comments: flags.comments,
    buyer: flags.buyer,
  });
}
