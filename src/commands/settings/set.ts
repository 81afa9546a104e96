/** inv settings set KEY VALUE: change an account setting. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Runner } from '../../cli/command.js';
import { SETTING_VIEW } from './view.js';

/** Registers `inv settings set`. */
export function register(settings: Command, run: Runner): void {
  settings
    .command('set')
    .description('change an account setting')
    .argument('<key>', 'setting key')
    .argument('<value>', 'new value')
    .addHelpText('after', '\nExample:\n  inv settings set DEFAULT_CONDITION likeNew')
    .action(
      run(async (ctx, [key, value]) => {
        if (!/^[A-Za-z0-9_.-]{1,200}$/.test(key as string)) throw new UsageError(`setting key "${String(key)}" may hold letters, digits, _ . - (1 to 200 characters)`);
        const out = ctx.output(SETTING_VIEW);
        await out.render([await (await ctx.inventory()).setSetting(key as string, value as string)]);
      }),
    );
}
