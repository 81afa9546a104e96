/** inv categories ASIN | --id ID: the categories of an ASIN, or the name of a category id. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parseAsin, parseCategoryId } from './shared/research-input.js';
import type { CategoryMapping, CategoryResponse } from '../api/research-types.js';
import type { Meta, Runner } from '../cli/command.js';
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

/** Options and action of `inv categories` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--id <categoryId>', 'look up a category id instead')
    .addHelpText(
      'after',
      '\nExamples (a book by its ISBN-10, then its category: the sandbox knows a category once an ASIN in it was looked up):\n  inv categories 0316769487\n  inv categories --id 283155',
    )
    .action(
      run<{ id?: string }>(async (ctx, [asinArg], options) => {
        if ((asinArg === undefined) === (options.id === undefined)) {
          throw new UsageError(
            'categories needs exactly one of ASIN or --id',
            'e.g. inv categories B00X4WHP5E, or inv categories --id 283155',
          );
        }
        if (options.id !== undefined) {
          const id = parseCategoryId(options.id);
          const out = ctx.output(CATEGORY_VIEW);
          await out.render([await (await ctx.research()).categoryById(id)]);
          return;
        }
        const asin = parseAsin(asinArg as string);
        const out = ctx.output(MAPPINGS_VIEW);
        await out.render((await (await ctx.research()).asinCategories(asin)).categoryMappings);
      }),
    );
}
