/** inv config set KEY [VALUE | --stdin]: change one setting of the profile, validated first; secrets need never be on argv. */
import type { Command } from 'commander';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { readAll } from '../../util/io.js';
import { setPath } from '../../config/schema.js';
import { SETTABLE_KEYS, settableKey, type SettableKey } from '../../config/settable-keys.js';
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

/** What `inv config set` changes, and where the value comes from. */
export interface ConfigSetOptions {
  key: SettableKey;
  /** As given on the command line (checked by the key's rule in run, as a value read or asked for is). */
  value: string | undefined;
  stdin: boolean;
  /** --for, the server a secret is for (checked as a URL in run). */
  forUrl: string | undefined;
}

/** Options of `inv config set`. */
export function setup(command: Command): void {
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
    );
}

/** The key (settable), the value or where to read it, and --for only with a secret bound to a server. */
export function parse([key, value]: unknown[], flags: { stdin?: boolean; for?: string }): ConfigSetOptions {
  const name = settableKey(key as string);
  if (flags.for !== undefined && !bound.isBoundSecret(name))
    throw new UsageError('--for goes with clientSecret or research.secretKey only');
  if (flags.stdin && value !== undefined) throw new UsageError('give the value or --stdin, not both');
  return { key: name, value: value as string | undefined, stdin: Boolean(flags.stdin), forUrl: flags.for };
}

/** The raw value: from stdin, asked for (masked for a secret), or as given (a secret on argv is warned about). */
async function rawValue(ctx: Ctx, { key, value, stdin }: ConfigSetOptions): Promise<string> {
  const secret = SETTABLE_KEYS[key].secret;
  if (stdin) return (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
  if (value === undefined)
    return ctx.ask({
      what: `the value of ${key}`,
      flag: '--stdin (or give the value)',
      message: `${key}:`,
      mask: secret,
    });
  if (secret) {
    const profile = ctx.globals.profile === undefined ? '' : `--profile ${ctx.globals.profile} `;
    await ctx.io.err.write(
      'warning: a secret given as an argument is visible to other users in ps and stays in your shell history; ' +
        `next time use: inv ${profile}config set ${key} --stdin\n`,
    );
  }
  return value;
}

/** Checks the value by the key's rule and stores it; a secret is bound to its server's origin. */
export async function run(ctx: Ctx, options: ConfigSetOptions): Promise<void> {
  const { parseKeyValue } = await import('../../config/keys.js');
  const { key } = options;
  const forUrl = options.forUrl === undefined ? undefined : (parseKeyValue('baseUrl', options.forUrl) as string);
  const settings = await ctx.settings();
  // Refused before the secret is asked for, when there is no origin to bind it to.
  if (bound.isBoundSecret(key)) bound.storeSecret(settings.stored, key, '', forUrl, settings.profile);
  const value = parseKeyValue(key, await rawValue(ctx, options));
  const stored = await (
    await ctx.config()
  ).updateProfile(settings.profile, (profile) =>
    bound.isBoundSecret(key)
      ? bound.storeSecret(profile, key, value, forUrl, settings.profile)
      : setPath(bound.pinSecretOrigins(profile), key, value),
  );
  const shown = SETTABLE_KEYS[key].secret ? 'a new value' : `"${String(value)}"`;
  await ctx.info(`${ctx.color.green('✓')} ${key} set to ${shown} in profile "${settings.profile}"`);
  for (const stranded of bound.strandedSecrets(stored)) {
    await ctx.io.err.write(
      `warning: ${stranded} is not sent to the new server; store it again for it: ` +
        `inv --profile ${settings.profile} config set ${stranded.split(' ')[0]} --stdin\n`,
    );
  }
}
