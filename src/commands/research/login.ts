/** inv research login: store the research ClientId and SecretKey in the profile, after checking them. */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { readAll } from '../../util/io.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import { setPath } from '../../config/schema.js';
import { originOf } from '../../http/url.js';
import { insecureStorageOption } from '../shared/insecure-storage.js';

/** An ASIN whose categories are asked for to check a key: a cheap read with no side effect. */
const PROBE_ASIN = 'B00X4WHP5E';

/** What commander reads for `inv research login`. */
interface LoginFlags {
  clientId?: string;
  secretStdin?: boolean;
  verify: boolean;
  insecureStorage?: boolean;
}

/** Where the research key comes from, and whether it is checked before it is stored. */
export interface ResearchLoginOptions {
  /** Trimmed; asked for when undefined. */
  clientId: string | undefined;
  secretStdin: boolean;
  verify: boolean;
  /** Store the SecretKey in config.json even where a system keyring answers. */
  insecureStorage: boolean;
}

export const meta: Meta = {
  name: 'login',
  summary: 'store the Product Research API ClientId and SecretKey for this profile',
};

/** Options of `inv research login`. */
export function setup(command: Command): void {
  command
    .option('--client-id <id>', 'the ClientId (asked on a terminal when absent)')
    .option('--secret-stdin', 'read the SecretKey from stdin (for scripts)')
    .option('--no-verify', 'store without a test request')
    .addOption(insecureStorageOption('the SecretKey'))
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv research login',
        '  printf %s "$SECRET" | inv research login --client-id my-client --secret-stdin',
      ].join('\n'),
    );
}

/** The ClientId if given (not empty), where the secret comes from, and whether to check the key. */
export function parse(_args: unknown[], flags: LoginFlags): ResearchLoginOptions {
  const clientId = flags.clientId?.trim();
  if (clientId === '') throw new UsageError('--client-id must not be empty');
  return {
    clientId,
    secretStdin: Boolean(flags.secretStdin),
    verify: flags.verify,
    insecureStorage: Boolean(flags.insecureStorage),
  };
}

/** Asks for what was not given, checks the key with one cheap read, and stores it bound to the research origin. */
export async function run(ctx: Ctx, options: ResearchLoginOptions): Promise<void> {
  const clientId =
    options.clientId ??
    (
      await ctx.ask({
        what: 'the research ClientId',
        flag: '--client-id',
        message: 'Research ClientId:',
        validate: (v) => (v.trim() ? undefined : 'must not be empty'),
      })
    ).trim();
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
  const verify = options.verify && Boolean(settings.researchUrl);
  if (verify) {
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
  await store.updateProfile(
    settings.profile,
    (profile) =>
      setPath(
        setPath(setPath(profile, 'research.clientId', clientId), 'research.secretKey', secretKey),
        'research.origin',
        origin,
      ),
    { insecure: options.insecureStorage },
  );
  const saved = `research key for ClientId "${clientId}" saved to profile "${settings.profile}"`;
  await ctx.info(`${ctx.color.green('✓')} ${saved}${verify ? ' (verified)' : ''}`);
}
