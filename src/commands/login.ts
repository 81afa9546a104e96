/** inv login: OAuth login by browser (code + PKCE, or implicit), pasted redirect, or password. */
import { Option, type Command } from 'commander';
import { AuthError, UsageError } from '../errors.js';
import type { StoredTokens } from '../config/schema.js';
import type { Ctx } from '../cli/context.js';
import type { Meta, Runner } from '../cli/command.js';
import { portNumber } from '../cli/input.js';
import { readAll, readLine } from '../cli/io.js';

interface LoginFlags {
  browser: boolean;
  password?: boolean;
  username?: string;
  passwordStdin?: boolean;
  flow?: 'code' | 'implicit' | 'password';
  port: string;
  scope?: string;
}

/** How long to wait for the browser when --timeout is not given. */
const DEFAULT_WAIT_S = 300;

async function passwordLogin(ctx: Ctx, flags: LoginFlags, scope: string): Promise<StoredTokens> {
  const username = flags.username ?? (await ctx.ask({ what: 'the username', flag: '--username', message: 'Username:' }));
  const password = flags.passwordStdin
    ? (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '')
    : await ctx.ask({ what: 'the password', flag: '--password-stdin', message: 'Password:', mask: true });
  if (!username || !password) throw new UsageError('the username and the password must not be empty');
  return (await ctx.oauth()).password(username, password, scope);
}

async function browserFlow(ctx: Ctx, flags: LoginFlags, scope: string): Promise<StoredTokens> {
  const port = portNumber(flags.port, '--port');
  const waitMs = ctx.globals.timeoutGiven ? ctx.globals.timeoutMs : DEFAULT_WAIT_S * 1000;
  const oauth = await ctx.oauth();
  const { browserLogin } = await import('../auth/login.js');
  const io = ctx.io;
  return browserLogin(
    oauth,
    { implicit: flags.flow === 'implicit', port, scope, timeoutMs: waitMs, signal: io.signal },
    {
      // The URL is printed even with --quiet: without it there is no way to log in.
      notify: (message) => io.err.write(message + '\n'),
      openBrowser: flags.browser ? (url) => ctx.browser.open(url) : undefined,
      pastedRedirect: flags.browser
        ? undefined
        : async () => {
            await io.err.write('Paste the address your browser was sent to (http://127.0.0.1:…/callback?…) and press Enter:\n');
            return readLine(io.stdin, io.signal);
          },
    },
  );
}

export const meta: Meta = { name: 'login', summary: 'log in to the Inventory API (OAuth 2.0) and store the tokens in the profile' };

/** Options and action of `inv login` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--no-browser', 'print the URL and read the redirect URL you paste (for SSH sessions)')
    .option('--password', 'use the password grant (approved clients only)')
    .option('--username <name>', 'username for --password')
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .addOption(new Option('--flow <flow>', 'OAuth flow').choices(['code', 'implicit', 'password']))
    .option('--port <port>', 'loopback port for the redirect (for ssh -L); 0 picks a free one', '0')
    .option('--scope <scopes>', 'scopes to request (default: the profile\'s scope setting)')
    .addHelpText('after', `\nThe global --timeout also bounds the wait for the browser (default ${DEFAULT_WAIT_S} s).`)
    .addHelpText('after', [
      '', 'Examples:',
      '  inv login                                    # opens a browser',
      '  inv login --no-browser --port 8765           # over SSH: ssh -L 8765:127.0.0.1:8765, or paste the redirect',
      '  printf %s "$PASSWORD" | inv login --password --username demo --password-stdin',
    ].join('\n'))
    .action(
      run<LoginFlags>(async (ctx, _args, flags) => {
        const settings = await ctx.settings();
        const scope = flags.scope ?? settings.stored.scope ?? '';
        const password = flags.password || flags.flow === 'password';
        if (!password && (flags.username || flags.passwordStdin)) throw new UsageError('--username and --password-stdin go with --password');
        const tokens = password ? await passwordLogin(ctx, flags, scope) : await browserFlow(ctx, flags, scope);
        await (await ctx.config()).updateProfile(settings.profile, (profile) => ({ ...profile, tokens }));
        let who = '';
        try {
          who = ` as ${(await (await ctx.inventory()).whoami()).user.email}`;
        } catch (error) {
          if (error instanceof AuthError) throw error;
          await ctx.info(`note: logged in, but /v1/whoami failed: ${(error as Error).message}`);
        }
        await ctx.info(`${ctx.color.green('✓')} logged in${who} (profile "${settings.profile}")`);
        if (settings.envToken) await ctx.info('note: INV_TOKEN is set and takes precedence over the stored tokens');
      }),
    );
}
