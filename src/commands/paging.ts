/** The paging flags of list commands: --all, --limit, --offset, --page-size. */
import type { Command } from 'commander';
import type { PagingOptions } from '../api/collection-pages.js';
import { wholeNumber as whole } from '../cli/request-body.js';
import type { Ctx, Output } from '../cli/context.js';

export interface PagingFlags {
  all?: boolean;
  limit?: string;
  offset?: string;
  pageSize?: string;
}

/** The default page when neither --all nor --limit is given. */
export const DEFAULT_PAGE = 50;

/** Declares the paging flags on a list command. */
export function pagingOptions(command: Command): Command {
  return command
    .option('--all', 'every record, page after page')
    .option('--limit <n>', `at most this many records (default ${DEFAULT_PAGE} without --all)`)
    .option('--offset <n>', 'skip this many records first')
    .option('--page-size <n>', 'records per request (default 250, at most 1000)');
}

/** What a listing asks for, and whether it is the default page (neither --all nor --limit given). */
export interface ListPaging extends PagingOptions {
  defaultPage: boolean;
}

/** Paging options from the flags: one page of 50 by default, everything with --all. */
export function readPaging(flags: PagingFlags): ListPaging {
  const limit = whole(flags.limit, '--limit', 1, Number.MAX_SAFE_INTEGER);
  const max = limit ?? (flags.all ? undefined : DEFAULT_PAGE);
  return {
    offset: whole(flags.offset, '--offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
    pageSize: Math.min(whole(flags.pageSize, '--page-size', 1, 1000) ?? 250, max ?? 1000),
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
