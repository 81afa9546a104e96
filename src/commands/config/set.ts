/** inv config set KEY VALUE: change one setting of the profile, validated first. */
import type { Command } from 'commander';
import type { Runner } from '../../cli/command.js';
import { setPath } from '../../config/schema.js';

/** Registers `inv config set`. */
export function register(config: Command, run: Runner): void {
  config
    .command('set')
    .description('change one setting of the profile')
    .argument('<key>', 'e.g. baseUrl, research.keyIn')
    .argument('<value>', 'the new value')
    .addHelpText('after', '\nExamples:\n  inv config set researchUrl https://research.example.com\n  inv --profile warehouse config set research.keyIn query')
    .action(
      run(async (ctx, [key, raw]) => {
        const { keySpec, parseKeyValue } = await import('../../config/keys.js');
        const value = parseKeyValue(key as string, raw as string);
        const settings = await ctx.settings();
        await (await ctx.config()).updateProfile(settings.profile, (profile) => setPath(profile, key as string, value));
        const shown = keySpec(key as string).secret ? 'a new value' : `"${String(value)}"`;
        await ctx.info(`${ctx.color.green('✓')} ${String(key)} set to ${shown} in profile "${settings.profile}"`);
      }),
    );
}
