/** startSandbox(): the local Inventory, OAuth and Product Research service, for the demo, tests and rehearsals. */
import { randomBytes } from 'node:crypto';
import { SandboxServer } from './http.js';
import { researchError, researchRoutes, type ResearchState } from './research/routes.js';
import { StateStore } from './store.js';

export interface SandboxOptions {
  host?: string;
  /** Inventory + OAuth port; 0 picks a free one. */
  port?: number;
  /** Research port; defaults to port + 1, or a free one when port is 0. */
  researchPort?: number;
  /** JSON file holding the state across restarts; memory only when absent. */
  data?: string;
  seed?: 'demo' | 'empty';
  latencyMs?: number;
  failRate?: number;
}

export interface SandboxState {
  version: 1;
  research: ResearchState;
}

export interface Sandbox {
  baseUrl: string;
  authUrl: string;
  researchUrl: string;
  credentials: { research: ResearchState['account'] };
  inventory: SandboxServer;
  research: SandboxServer;
  dataFile?: string;
  close(): Promise<void>;
}

function initialState(): SandboxState {
  return {
    version: 1,
    research: {
      account: {
        clientId: 'sandbox-research',
        secretKey: randomBytes(16).toString('hex'),
        merchantId: 'A1SANDBOXMERCHANT',
        marketplaceId: 'ATVPDKIKX0DER',
      },
      knownCategories: [],
    },
  };
}

/** The inventory API's error body (DESIGN.md decision 5). */
export function inventoryError(status: number, message: string) {
  return { status: 'error', code: status, httpCode: String(status), message };
}

/** Starts both servers on `host` and resolves once they listen. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const store = await StateStore.open<SandboxState>(options.data, initialState);
  const inventory = new SandboxServer(inventoryError);
  const research = new SandboxServer(researchError);
  for (const server of [inventory, research]) {
    server.faults.settings = { latencyMs: options.latencyMs ?? 0, failRate: options.failRate ?? 0 };
  }
  researchRoutes(research, store.state.research, () => store.changed());

  const baseUrl = await inventory.listen(host, port);
  let researchUrl: string;
  try {
    researchUrl = await research.listen(host, options.researchPort ?? (port === 0 ? 0 : port + 1));
  } catch (error) {
    await inventory.close();
    throw error;
  }
  return {
    baseUrl,
    authUrl: baseUrl,
    researchUrl,
    credentials: { research: { ...store.state.research.account } },
    inventory,
    research,
    dataFile: options.data,
    async close() {
      await Promise.all([inventory.close(), research.close()]);
      await store.flush();
    },
  };
}
