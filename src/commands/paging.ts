/** The paging flags of list commands: --all, --limit, --offset, --page-size. */
import type { Command } from 'commander';
import type { PagingOptions } from '../api/collection-pages.js';
import { numberOption } from '../cli/option-numbers.js';
import type { Ctx, Output } from '../cli/ctx.js';

export interface PagingFlags {
  all?: boolean;
  limit?: number;
  offset?: number;
  pageSize?: number;
}

/** The default page when neither --all nor --limit is given. */
export const DEFAULT_PAGE = 50;

/** Declares the paging flags on a list command. */
export function pagingOptions(command: Command): Command {
  return command
    .option('--all', 'every record, page after page')
    .addOption(
      numberOption('--limit <n>', `at most this many records (default ${DEFAULT_PAGE} without --all)`, {
        min: 1,
        max: Number.MAX_SAFE_INTEGER,
      }),
    )
    .addOption(numberOption('--offset <n>', 'skip this many records first', { min: 0, max: Number.MAX_SAFE_INTEGER }))
    .addOption(numberOption('--page-size <n>', 'records per request (default 250)', { min: 1, max: 1000 }));
}

/** What a listing asks for, and whether it is the default page (neither --all nor --limit given). */
export interface ListPaging extends PagingOptions {
  defaultPage: boolean;
}

/** Paging options from the flags: one page of 50 by default, everything with --all. */
export function readPaging(flags: PagingFlags): ListPaging {
  const max = flags.limit ?? (flags.all ? undefined : DEFAULT_PAGE);
  return {
    offset: flags.offset ?? 0,
    pageSize: Math.min(flags.pageSize ?? 250, max ?? 1000),
    max,
    concurrency: 4,
    defaultPage: !flags.all && flags.limit === undefined,
  };
}

/**
 * Renders a listing made with `paging` (from readPaging) and, when the default page cut it short,
 * says so on stderr: "showing 50 of 120; --all for every page".
 */
export async function renderPage<R>(
  ctx: Ctx,
  out: Output<R>,
  paging: ListPaging,
  list: (paging: PagingOptions) => AsyncIterable<R>,
): Promise<number> {
  let total: number | undefined;
  const shown = await out.render(list({ ...paging, onCount: (n) => (total = n) }));
  const offset = paging.offset ?? 0;
  if (paging.defaultPage && total !== undefined && offset + shown < total) {
    await ctx.info(`showing ${shown} of ${total}${offset ? ` from ${offset}` : ''}; --all for every page`);
  }
  return shown;
}
