/** inv login: OAuth login by browser (code + PKCE, or implicit), pasted redirect, or password. */
import { choiceOption } from '../cli/option-kinds.js';
import { insecureStorageOption } from './shared/insecure-storage.js';
import type { Command } from 'commander';
import { AuthError, UsageError } from '../errors.js';
import type { StoredTokens } from '../config/schema.js';
import type { Ctx } from '../cli/ctx.js';
import type { Meta } from '../cli/command.js';
import { portNumber } from '../cli/request-body.js';
import { readAll } from '../util/io.js';
import { AUTHORIZATION_CODE_LIFETIME_S } from '../api/constants.js';
import type { WhoAmI } from '../api/inventory.js';
import type { LoginUI } from '../auth/browser-login.js';
import type { LoginPage } from '../cli/login-page.js';

/** What commander reads for `inv login`. */
interface LoginFlags {
  browser: boolean;
  password?: boolean;
  username?: string;
  passwordStdin?: boolean;
  flow?: 'code' | 'implicit' | 'password';
  port: string;
  scope?: string;
  insecureStorage?: boolean;
}

/** How `inv login` logs in: the password grant, or a browser flow (code + PKCE, or implicit). */
export interface LoginOptions {
  password: boolean;
  implicit: boolean;
  /** False with --no-browser: the redirect is pasted. */
  browser: boolean;
  /** The loopback port of the redirect; 0 picks a free one. */
  port: number;
  username: string | undefined;
  passwordStdin: boolean;
  /** The scopes to ask for; the profile's scope setting when undefined. */
  scope: string | undefined;
  /** Store the tokens in config.json even where a system keyring answers. */
  insecureStorage: boolean;
}

/** How long to wait for the browser when --timeout is not given. */
const DEFAULT_WAIT_S = 300;

async function passwordLogin(ctx: Ctx, flags: LoginOptions, scope: string): Promise<StoredTokens> {
  const username =
    flags.username ?? (await ctx.ask({ what: 'the username', flag: '--username', message: 'Username:' }));
  const password = flags.passwordStdin
    ? (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '')
    : await ctx.ask({ what: 'the password', flag: '--password-stdin', message: 'Password:', mask: true });
  if (!username || !password) throw new UsageError('the username and the password must not be empty');
  return (await ctx.oauth()).password(username, password, scope);
}

/** The command that starts this login again, for hints. */
function loginAgain(options: LoginOptions): string {
  const port = options.port !== 0 ? ` --port ${options.port}` : '';
  return `inv login${options.implicit ? ' --flow implicit' : ''}${options.browser ? '' : ' --no-browser'}${port}`;
}

/**
 * Opens the browser on a one-use page of ours, not on the URL: its argv is readable by every local user
 * (docs/decisions.md). `end` removes the page once written, and no browser starts after it: nothing outlives the login.
 */
function pageOpener(ctx: Ctx): { open(url: string): Promise<void>; end(): Promise<void> } {
  let page: Promise<LoginPage> | undefined;
  let ended = false;
  return {
    open: async (url) => {
      const { env, err } = ctx.io;
      page = import('../cli/login-page.js').then(({ writeLoginPage }) =>
        writeLoginPage(env, url, (note) => err.write(note + '\n')),
      );
      const written = await page;
      if (!ended) await ctx.browser.open(written.href, { page: true });
    },
    end: async () => {
      ended = true;
      await (await page?.catch(() => undefined))?.remove();
    },
  };
}

async function browserFlow(
  ctx: Ctx,
  options: LoginOptions,
  scope: string,
  accept: LoginUI['accept'],
): Promise<StoredTokens> {
  const waitMs = ctx.globals.timeoutGiven ? ctx.globals.timeoutMs : DEFAULT_WAIT_S * 1000;
  const oauth = await ctx.oauth();
  const [{ browserLogin }, { noBrowserHere, sshWithoutBrowser }, { lineReader }] = await Promise.all([
    import('../auth/browser-login.js'),
    import('../cli/browser.js'),
    import('../cli/lines.js'),
  ]);
  const io = ctx.io;
  let paste = !options.browser;
  if (!paste && sshWithoutBrowser(io.env)) {
    paste = true;
    await io.err.write('SSH session without BROWSER or a display: not opening a browser, as with --no-browser\n');
  } else if (!paste && noBrowserHere(io.env)) {
    paste = true;
    await io.err.write(
      'no browser can be opened here (no BROWSER and no display): ' +
        'open the URL on another device and paste the redirect, as with --no-browser\n',
    );
  }
  const lines = paste ? lineReader(io.stdin, io.signal) : undefined;
  const page = pageOpener(ctx);
  try {
    return await browserLogin(
      oauth,
      {
        implicit: options.implicit,
        port: options.port,
        scope,
        timeoutMs: waitMs,
        signal: io.signal,
        codeLifetimeS: AUTHORIZATION_CODE_LIFETIME_S,
        again: loginAgain(options),
      },
      {
        // The URL is printed even with --quiet: without it there is no way to log in.
        notify: (message) => io.err.write(message + '\n'),
        openBrowser: paste ? undefined : page.open,
        readPaste: lines && (() => lines.next()),
        accept,
      },
    );
  } finally {
    lines?.close();
    await page.end();
  }
}

export const meta: Meta = {
  name: 'login',
  summary: 'log in to the Inventory API (OAuth 2.0) and store the tokens in the profile',
};

/** Options of `inv login`. */
export function setup(command: Command): void {
  command
    .option(
      '--no-browser',
      'print the URL and read the redirect URL you paste (the default over SSH without BROWSER or a display)',
    )
    .option('--password', 'use the password grant (approved clients only)')
    .option('--username <name>', 'username for --password')
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .addOption(choiceOption('--flow <flow>', 'OAuth flow', ['code', 'implicit', 'password']))
    .option('--port <port>', 'loopback port for the redirect (for ssh -L); 0 picks a free one', '0')
    .option('--scope <scopes>', "scopes to request (default: the profile's scope setting)")
    .addOption(insecureStorageOption('the tokens'))
    .addHelpText('after', `\nThe global --timeout also bounds the wait for the browser (default ${DEFAULT_WAIT_S} s).`)
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  inv login                                    # opens a browser',
        '  inv login --no-browser --port 8765           # over SSH: ssh -L 8765:127.0.0.1:8765, or paste the redirect',
        `${' '.repeat(47)}# (paste within ${AUTHORIZATION_CODE_LIFETIME_S} s of approving; a bad paste is asked again)`,
        '  printf %s "$PASSWORD" | inv login --password --username demo --password-stdin',
      ].join('\n'),
    );
}

/** The login asked for: its flow, port and credentials' sources, checked. */
export function parse(_args: unknown[], flags: LoginFlags): LoginOptions {
  const password = Boolean(flags.password) || flags.flow === 'password';
  if (!password && (flags.username || flags.passwordStdin))
    throw new UsageError('--username and --password-stdin go with --password');
  return {
    password,
    implicit: flags.flow === 'implicit',
    browser: flags.browser,
    port: portNumber(flags.port, '--port'),
    username: flags.username,
    passwordStdin: Boolean(flags.passwordStdin),
    scope: flags.scope,
    insecureStorage: Boolean(flags.insecureStorage),
  };
}

/** Logs in, stores the tokens in the profile and says who logged in. */
export async function run(ctx: Ctx, options: LoginOptions): Promise<void> {
  const settings = await ctx.settings();
  const scope = options.scope ?? settings.stored.scope ?? '';
  let user: WhoAmI['user'] | undefined;
  /** Stores the tokens and learns who logged in; returns what the browser is told. */
  const accept = async (tokens: StoredTokens): Promise<string> => {
    await (
      await ctx.config()
    ).updateProfile(settings.profile, (profile) => ({ ...profile, tokens }), { insecure: options.insecureStorage });
    try {
      user = (await (await ctx.inventory()).whoami()).user;
    } catch (error) {
      if (error instanceof AuthError) throw error;
      await ctx.info(`note: logged in, but /v1/whoami failed: ${(error as Error).message}`);
    }
    const who = user ? ` as ${user.username ?? user.email}` : '';
    return `Logged in${who} (profile ${settings.profile}). You can close this tab.`;
  };
  if (options.password) await accept(await passwordLogin(ctx, options, scope));
  else await browserFlow(ctx, options, scope, accept);
  await ctx.info(`${ctx.color.green('✓')} logged in${user ? ` as ${user.email}` : ''} (profile "${settings.profile}")`);
  if (settings.envToken) await ctx.info('note: INV_TOKEN is set and takes precedence over the stored tokens');
}
