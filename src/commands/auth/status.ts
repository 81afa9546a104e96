/** inv auth status: validate the token with tokeninfo and show who, which client, and the expiry. */
import type { Command } from 'commander';
import { tokenStatus } from '../../auth/token-status.js';
import type { Meta } from '../../cli/command.js';
import type { Ctx } from '../../cli/ctx.js';
import type { View } from '../../cli/output/view.js';

interface Status {
  profile: string;
  source: string;
  user: string | null;
  clientId: string;
  scope: string | null;
  expiresIn: number | null;
  expiresAt: string | null;
  refreshable: boolean;
  /** Where each secret of the profile is kept: "keyring", "file <path>", or null when the profile has none. */
  tokensKept: string | null;
  clientSecretKept: string | null;
  researchKeyKept: string | null;
}

const VIEW: View<Status> = {
  kind: 'single',
  fields: [
    'profile',
    'source',
    'user',
    'clientId',
    'scope',
    'expiresIn',
    'expiresAt',
    'refreshable',
    'tokensKept',
    'clientSecretKept',
    'researchKeyKept',
  ],
  rows: (s) => Object.entries(s).map(([field, value]) => ({ field, value })),
  columns: [
    { key: 'field', header: 'auth' },
    { key: 'value', header: 'value' },
  ],
};

export const meta: Meta = {
  name: 'status',
  summary: 'check the access token with the server: user, client, scope, expiry',
};

/** Help of `inv auth status` (it takes no options). */
export function setup(command: Command): void {
  command.addHelpText('after', '\nExample:\n  inv auth status');
}

/** Nothing to parse. */
export function parse(): void {}

/** Asks the server about the token in force and shows the answer. */
export async function run(ctx: Ctx): Promise<void> {
  const out = ctx.output(VIEW);
  const [settings, tokens, oauth] = await Promise.all([ctx.settings(), ctx.tokens(), ctx.oauth()]);
  const info = await tokenStatus(tokens, oauth);
  const kept = (await ctx.config()).secretPlaces(settings.profile);
  const expiresIn = info.expires_in ?? null;
  await out.render([
    {
      profile: settings.profile,
      source: tokens.source,
      user: info.user ?? null,
      clientId: info.client_id,
      scope: info.scope ?? null,
      expiresIn,
      expiresAt: expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000).toISOString(),
      refreshable: tokens.source === 'config' && Boolean(tokens.stored()?.refreshToken),
      tokensKept: kept.tokens ?? null,
      clientSecretKept: kept.clientSecret ?? null,
      researchKeyKept: kept['research.secretKey'] ?? null,
    },
  ]);
}
