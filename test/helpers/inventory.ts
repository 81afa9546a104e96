/** A sandbox with the demo account and an environment whose INV_TOKEN is valid for it. */
import { sandboxFixture, type SandboxFixture } from './sandbox.js';
import type { SandboxOptions } from '../../src/sandbox/index.js';

type StockRecord = { msku: string; locationId: string; quantity: number };

export interface InventoryFixture extends SandboxFixture {
  /** fx.env plus INV_TOKEN (and the OAuth client, for commands that need it). */
  authed: Record<string, string>;
  /** The account's state as JSON, to compare before and after. */
  snapshot(): string;
  /** What location `locationId` holds now, per msku. */
  held(locationId: string): Record<string, number>;
}

/** Starts a sandbox (demo seed unless told otherwise) and issues a token for the demo user. */
export async function inventoryFixture(options: SandboxOptions = {}): Promise<InventoryFixture> {
  const fx = await sandboxFixture({ seed: 'demo', ...options });
  const { clientId, clientSecret } = fx.sandbox.credentials.oauth;
  const token = fx.sandbox.oauth.issueTokens(clientId, '1001', '').access_token;
  return {
    ...fx,
    authed: { ...fx.env, INV_TOKEN: token, INV_CLIENT_ID: clientId, INV_CLIENT_SECRET: clientSecret },
    snapshot: () => JSON.stringify(fx.sandbox.account.state),
    held: (locationId) =>
      Object.fromEntries(
        Object.values(fx.sandbox.account.state.itemLocations as Record<string, StockRecord>)
          .filter((il) => il.locationId === locationId)
          .map((il) => [il.msku, Number(il.quantity)]),
      ),
  };
}
