/** inv search KEYWORD | --asin/--upc/--ean X: catalog matches. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseAsin, parseProductCode } from './shared/research-input.js';
import type { SearchQuery } from '../api/research-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { SEARCH_VIEW } from './shared/research-views.js';

/** What commander reads for `inv search`. */
interface SearchFlags {
  asin?: string;
  upc?: string;
  ean?: string;
  isbn?: string;
}

/** Exactly one of keyword, --asin, --upc, --ean, --isbn, validated (check digits included). */
export function searchQuery(keyword: string | undefined, options: SearchFlags): SearchQuery {
  const given = [
    keyword !== undefined && 'KEYWORD',
    options.asin && '--asin',
    options.upc && '--upc',
    options.ean && '--ean',
    options.isbn && '--isbn',
  ].filter(Boolean);
  if (given.length !== 1) {
    const what = given.length === 0 ? 'nothing was given' : `got ${given.join(' and ')}`;
    throw new UsageError(
      `search needs exactly one of KEYWORD, --asin, --upc, --ean, --isbn (${what})`,
      'e.g. inv search "usb cable" or inv search --upc 012345678905',
    );
  }
  if (options.asin) return { asin: parseAsin(options.asin, '--asin') };
  if (options.upc) return { upc: parseProductCode(options.upc, 'upc') };
  if (options.ean) return { ean: parseProductCode(options.ean, 'ean') };
  if (options.isbn) return { isbn: parseProductCode(options.isbn, 'isbn') };
  const text = keyword!.trim();
  if (text.length === 0 || text.length > 200) throw new UsageError('KEYWORD must be 1 to 200 characters');
  return { keyword: text };
}

export const meta: Meta = {
  name: 'search',
  args: [['[keyword]', 'words to search for']],
  summary: 'search the catalog by keyword, ASIN, UPC, EAN or ISBN',
};

/** Options of `inv search`. */
export function setup(command: Command): void {
  command
    .option('--asin <asin>', 'search by ASIN')
    .option('--upc <upc>', 'search by UPC (12 digits)')
    .option('--ean <ean>', 'search by EAN (13 digits)')
    .option('--isbn <isbn>', 'search by ISBN-10 or ISBN-13 (hyphens allowed)')
    .addHelpText(
      'after',
      '\nExamples:\n  inv search "usb cable"\n  inv search --upc 012345678905 --json\n  inv search --isbn 978-0-316-76948-8',
    );
}

/** The one query asked for, checked. */
export function parse([keyword]: unknown[], flags: SearchFlags): SearchQuery {
  return searchQuery(keyword as string | undefined, flags);
}

/** Searches the catalog. */
export async function run(ctx: Ctx, query: SearchQuery): Promise<void> {
  const out = ctx.output(SEARCH_VIEW);
  const client = await ctx.research();
  await out.render((await client.search(query)).searchCatalogs.result);
}
