/** inv logout: forget the stored tokens of the profile. */
import type { Command } from 'commander';
import type { Runner } from '../cli/command.js';

/** Registers `inv logout`. */
export function register(program: Command, run: Runner): void {
  program
    .command('logout')
    .description('forget the tokens stored in the profile')
    .addHelpText('after', '\nExample:\n  inv --profile warehouse logout')
    .action(
      run(async (ctx) => {
        const settings = await ctx.settings();
        const store = await ctx.config();
        const had = Boolean(store.profile(settings.profile).tokens);
        await store.updateProfile(settings.profile, ({ tokens: _tokens, ...rest }) => rest);
        await ctx.info(had ? `${ctx.color.green('✓')} logged out of profile "${settings.profile}"` : `profile "${settings.profile}" was not logged in`);
        if (settings.envToken) await ctx.info('note: INV_TOKEN is still set in the environment');
      }),
    );
}
