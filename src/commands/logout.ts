/** inv logout: revoke the refresh token at the authorization server, and forget the stored tokens of the profile. */
import type { Command } from 'commander';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import type { StoredTokens } from '../config/schema.js';
import { InvError } from '../errors.js';

/** Revokes the refresh token where it was issued; says what happened (the tokens are forgotten here whatever the outcome). */
async function revoke(ctx: Ctx, tokens: StoredTokens): Promise<string> {
  if (!tokens.refreshToken) return 'there was no refresh token to revoke';
  try {
    const oauth = await ctx.oauth();
    const settings = await ctx.settings();
    const issuer = tokens.authOrigin ?? settings.legacyTokenOrigins.auth;
    if (issuer && issuer !== new URL(oauth.config.authUrl).origin)
      return `not revoked: the tokens were issued by ${issuer}, not ${new URL(oauth.config.authUrl).origin}; forgot them locally only`;
    const outcome = await oauth.revoke(tokens.refreshToken);
    return outcome === 'revoked'
      ? 'the refresh token was revoked at the authorization server'
      : 'the authorization server has no revocation endpoint: forgot the tokens locally only (they stay valid there until they expire)';
  } catch (error) {
    if (!(error instanceof InvError)) throw error;
    return `could not revoke the refresh token (${error.message}); forgot the tokens locally only`;
  }
}

export const meta: Meta = {
  name: 'logout',
  summary: 'revoke the refresh token at the server and forget the tokens stored in the profile',
};

/** Help of `inv logout` (it takes no options). */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv --profile warehouse logout');
}

/** Nothing to parse. */
export function parse(): void {}

/** Revokes the refresh token and forgets the stored tokens of the profile. */
export async function run(ctx: Ctx): Promise<void> {
  const settings = await ctx.settings();
  const store = await ctx.config();
  const tokens = store.profile(settings.profile).tokens;
  const outcome = tokens ? await revoke(ctx, tokens) : undefined;
  await store.updateProfile(settings.profile, ({ tokens: _tokens, ...rest }) => rest);
  await ctx.info(
    tokens
      ? `${ctx.color.green('✓')} logged out of profile "${settings.profile}": ${outcome}`
      : `profile "${settings.profile}" was not logged in`,
  );
  if (settings.envToken) await ctx.info('note: INV_TOKEN is still set in the environment');
}
