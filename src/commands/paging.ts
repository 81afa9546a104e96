/** The paging flags of list commands: --all, --limit, --offset, --page-size. */
import type { Command } from 'commander';
import type { PagingOptions } from '../api/pages.js';
import { wholeNumber as whole } from '../cli/input.js';

export interface PagingFlags {
  all?: boolean;
  limit?: string;
  offset?: string;
  pageSize?: string;
}

/** Declares the paging flags on a list command. */
export function pagingOptions(command: Command): Command {
  return command
    .option('--all', 'every record, page after page')
    .option('--limit <n>', 'at most this many records (default 50 without --all)')
    .option('--offset <n>', 'skip this many records first')
    .option('--page-size <n>', 'records per request (default 250, at most 1000)');
}

/** Paging options from the flags: one page of 50 by default, everything with --all. */
export function readPaging(flags: PagingFlags): PagingOptions {
  const limit = whole(flags.limit, '--limit', 1, Number.MAX_SAFE_INTEGER);
  const max = limit ?? (flags.all ? undefined : 50);
  return {
    offset: whole(flags.offset, '--offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
    pageSize: Math.min(whole(flags.pageSize, '--page-size', 1, 1000) ?? 250, max ?? 1000),
    max,
    concurrency: 4,
  };
}
