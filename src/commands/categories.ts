/** inv categories ASIN | --id ID: the categories of an ASIN, or the name of a category id. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseAsin, parseCategoryId } from './shared/research-input.js';
import type { CategoryMapping, CategoryResponse } from '../api/research-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import type { View } from '../cli/output/view.js';

export const MAPPINGS_VIEW: View<CategoryMapping> = {
  kind: 'list',
  fields: ['categoryId', 'category', 'main'],
  columns: [
    { key: 'categoryId', header: 'category id' },
    { key: 'category', header: 'category' },
    { key: 'main', header: 'main', format: (v) => (v === true ? 'yes' : '') },
  ],
};

export const CATEGORY_VIEW: View<CategoryResponse> = {
  kind: 'single',
  fields: ['categoryId', 'category', 'requestId', 'timestamp'],
  columns: [
    { key: 'categoryId', header: 'category id' },
    { key: 'category', header: 'category' },
  ],
};

export const meta: Meta = {
  name: 'categories',
  args: [['[asin]', 'the ASIN']],
  summary: 'categories of an ASIN, or the name of a category id',
};

/** An ASIN whose categories to list, or a category id to name. */
export type CategoriesOptions = { asin: string } | { id: string };

/** Options of `inv categories`. */
export function setup(command: Command): void {
  command
    .option('--id <categoryId>', 'look up a category id instead')
    .addHelpText(
      'after',
      [
        '\nExamples (a book by its ISBN-10, then its category: the sandbox knows a category once an ASIN in it was looked up):',
        '  inv categories 0316769487',
        '  inv categories --id 283155',
      ].join('\n'),
    );
}

/** Exactly one of the ASIN and --id, checked. */
export function parse([asin]: unknown[], flags: { id?: string }): CategoriesOptions {
  if ((asin === undefined) === (flags.id === undefined)) {
    throw new UsageError(
      'categories needs exactly one of ASIN or --id',
      'e.g. inv categories B00X4WHP5E, or inv categories --id 283155',
    );
  }
  return flags.id !== undefined ? { id: parseCategoryId(flags.id) } : { asin: parseAsin(asin as string) };
}

/** Lists the categories of the ASIN, or names the category id. */
export async function run(ctx: Ctx, options: CategoriesOptions): Promise<void> {
  if ('id' in options) {
    const out = ctx.output(CATEGORY_VIEW);
    await out.render([await (await ctx.research()).categoryById(options.id)]);
    return;
  }
  const out = ctx.output(MAPPINGS_VIEW);
  await out.render((await (await ctx.research()).asinCategories(options.asin)).categoryMappings);
}
