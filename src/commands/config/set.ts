/** inv config set KEY [VALUE | --stdin]: change one setting of the profile, validated first; secrets need never be on argv. */
import type { Command } from 'commander';
import type { Meta, Runner } from '../../cli/command.js';
import { readAll } from '../../util/io.js';
import { setPath } from '../../config/schema.js';
import { UsageError } from '../../errors.js';
import * as bound from '../../config/secret-origin.js';

export const meta: Meta = {
  name: 'set',
  args: [
    ['<key>', 'e.g. baseUrl, research.keyIn'],
    ['[value]', 'the new value (omit it for secrets: asked masked on a terminal, or use --stdin)'],
  ],
  summary: 'change one setting of the profile',
};

/** Options and action of `inv config set` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--stdin', 'read the value from stdin (keeps secrets out of ps and shell history)')
    .option(
      '--for <url>',
      'the server a secret is for, when the profile names none yet (a stored secret is sent only there)',
    )
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  inv config set researchUrl https://research.example.com',
        '  inv --profile warehouse config set research.keyIn query',
        '  printf %s "$CLIENT_SECRET" | inv config set clientSecret --stdin',
        '  inv config set research.secretKey                # asks, masked, on a terminal',
        '  inv config set clientSecret --stdin --for https://auth.example.com',
      ].join('\n'),
    )
    .action(
      run<{ stdin?: boolean; for?: string }>(async (ctx, [key, given], flags) => {
        const { keySpec, parseKeyValue } = await import('../../config/keys.js');
        const name = key as string;
        const spec = keySpec(name);
        if (flags.for !== undefined && !bound.isBoundSecret(name))
          throw new UsageError('--for goes with clientSecret or research.secretKey only');
        const forUrl = flags.for === undefined ? undefined : (parseKeyValue('baseUrl', flags.for) as string);
        const settings = await ctx.settings();
        // Refused before the secret is asked for, when there is no origin to bind it to.
        if (bound.isBoundSecret(name)) bound.storeSecret(settings.stored, name, '', forUrl, settings.profile);
        let raw: string;
        if (flags.stdin) {
          if (given !== undefined) throw new UsageError('give the value or --stdin, not both');
          raw = (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
        } else if (given === undefined) {
          raw = await ctx.ask({
            what: `the value of ${name}`,
            flag: '--stdin (or give the value)',
            message: `${name}:`,
            mask: spec.secret,
          });
        } else {
          raw = given as string;
          if (spec.secret) {
            const profile = ctx.globals.profile === undefined ? '' : `--profile ${ctx.globals.profile} `;
            await ctx.io.err.write(
              `warning: a secret given as an argument is visible to other users in ps and stays in your shell history; next time use: inv ${profile}config set ${name} --stdin\n`,
            );
          }
        }
        const value = parseKeyValue(name, raw);
        const stored = await (
          await ctx.config()
        ).updateProfile(settings.profile, (profile) =>
          bound.isBoundSecret(name)
            ? bound.storeSecret(profile, name, value, forUrl, settings.profile)
            : setPath(bound.pinSecretOrigins(profile), name, value),
        );
        const shown = spec.secret ? 'a new value' : `"${String(value)}"`;
        await ctx.info(`${ctx.color.green('✓')} ${name} set to ${shown} in profile "${settings.profile}"`);
        for (const stranded of bound.strandedSecrets(stored)) {
          await ctx.io.err.write(
            `warning: ${stranded} is not sent to the new server; store it again for it: inv --profile ${settings.profile} config set ${stranded.split(' ')[0]} --stdin\n`,
          );
        }
      }),
    );
}
