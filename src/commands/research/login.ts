/** inv research login: store the research ClientId and SecretKey in the profile, after checking them. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { readAll } from '../../util/io.js';
import type { Meta, Runner } from '../../cli/command.js';
import { setPath } from '../../config/schema.js';
import { originOf } from '../../http/url.js';

/** An ASIN whose categories are asked for to check a key: a cheap read with no side effect. */
const PROBE_ASIN = 'B00X4WHP5E';

interface LoginOptions {
  clientId?: string;
  secretStdin?: boolean;
  verify: boolean;
}

export const meta: Meta = {
  name: 'login',
  summary: 'store the Product Research API ClientId and SecretKey for this profile',
};

/** Options and action of `inv research login` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--client-id <id>', 'the ClientId (asked on a terminal when absent)')
    .option('--secret-stdin', 'read the SecretKey from stdin (for scripts)')
    .option('--no-verify', 'store without a test request')
    .addHelpText(
      'after',
      '\nExamples:\n  inv research login\n  printf %s "$SECRET" | inv research login --client-id my-client --secret-stdin',
    )
    .action(
      run<LoginOptions>(async (ctx, _args, options) => {
        const clientId = (
          options.clientId ??
          (await ctx.ask({
            what: 'the research ClientId',
            flag: '--client-id',
            message: 'Research ClientId:',
            validate: (v) => (v.trim() ? undefined : 'must not be empty'),
          }))
        ).trim();
        if (!clientId) throw new UsageError('--client-id must not be empty');
        const secretKey = options.secretStdin
          ? (await readAll(ctx.io.stdin)).trim()
          : await ctx.ask({
              what: 'the research SecretKey',
              flag: '--secret-stdin',
              message: 'Research SecretKey:',
              mask: true,
              validate: (v) => (v ? undefined : 'must not be empty'),
            });
        if (!secretKey) throw new UsageError('the SecretKey read from stdin is empty');

        const settings = await ctx.settings();
        if (options.verify && settings.researchUrl) {
          const sources = {
            clientId: options.clientId === undefined ? 'the prompt' : '--client-id',
            secretKey: options.secretStdin ? 'stdin (--secret-stdin)' : 'the prompt',
          };
          await (await ctx.research({ clientId, secretKey, sources })).asinCategories(PROBE_ASIN);
        } else if (options.verify) {
          await ctx.info(`note: no research URL for profile "${settings.profile}", so the key was not checked`);
        }
        const store = await ctx.config();
        // The key is bound to the research origin it was stored for; it is sent nowhere else.
        const origin = originOf(settings.researchUrl);
        await store.updateProfile(settings.profile, (profile) =>
          setPath(
            setPath(setPath(profile, 'research.clientId', clientId), 'research.secretKey', secretKey),
            'research.origin',
            origin,
          ),
        );
        await ctx.info(
          `${ctx.color.green('✓')} research key for ClientId "${clientId}" saved to profile "${settings.profile}"${options.verify && settings.researchUrl ? ' (verified)' : ''}`,
        );
      }),
    );
}
