/**
 * A Ctx for unit tests of a command's `run`: the session's own context over a captured IO, with the clients a test
 * gives as fakes (an in-memory inventory, say) in place of those that would talk to a server.
 */
import { join } from 'node:path';
import type { InventoryClient } from '../../src/api/inventory.js';
import type { ResearchClient } from '../../src/api/research.js';
import { Session, SessionCtx } from '../../src/cli/context.js';
import type { Ctx } from '../../src/cli/ctx.js';
import { readGlobals } from '../../src/cli/globals.js';
import { NO_COLORS } from '../../src/util/colors.js';
import { testIO, type TestIOOptions } from './io.js';
import { tempDir } from './temp.js';

export interface Fakes extends TestIOOptions {
  /** Global options as commander reads them (`{ json: true }`, `{ output: 'csv' }`, `{ yes: true }`). */
  globals?: Record<string, unknown>;
  inventory?: Partial<InventoryClient>;
  research?: Partial<ResearchClient>;
}

/** A context whose clients are `fakes`; a client not given fails the test when the command asks for it. */
export function fakeCtx(fakes: Fakes = {}): { ctx: Ctx; stdout: () => string; stderr: () => string } {
  const dir = tempDir('fake-ctx');
  const t = testIO({
    ...fakes,
    env: { INV_CONFIG_DIR: join(dir, 'config'), INV_STATE_DIR: join(dir, 'state'), ...fakes.env },
  });
  const given = <C>(client: C | undefined, name: string): C => {
    if (!client) throw new Error(`the command asked for the ${name} client, and the test gave no fake of it`);
    return client;
  };
  class FakeCtx extends SessionCtx {
    override async inventory(): Promise<InventoryClient> {
      return given(fakes.inventory, 'inventory') as InventoryClient;
    }
    override async research(): Promise<ResearchClient> {
      return given(fakes.research, 'research') as ResearchClient;
    }
    override async tokens(): Promise<never> {
      throw new Error('a command given fakes asked for tokens');
    }
    override async oauth(): Promise<never> {
      throw new Error('a command given fakes asked for the OAuth client');
    }
  }
  const globals = readGlobals({ timeout: '30', ...fakes.globals }, t.io);
  return { ctx: new FakeCtx(new Session(t.io), globals, NO_COLORS), stdout: t.stdout, stderr: t.stderr };
}

/** An inventory list() over fixed records by collection, filtered by the query's fields, in one page. */
export function listOf(records: Record<string, object[]>): InventoryClient['list'] {
  return async function* <T>(collection: string, _paging?: unknown, query: Record<string, unknown> = {}) {
    const wanted = Object.entries(query).filter(([, v]) => v !== undefined);
    for (const record of records[collection] ?? [])
      if (wanted.every(([k, v]) => String((record as Record<string, unknown>)[k]) === String(v))) yield record as T;
  } as InventoryClient['list'];
}
