/** A sandbox on port 0 plus a private config dir whose "sandbox" profile points at it. */
import { join } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { removeTempDir, tempDir } from './temp.js';

/** Environment for inv: private config and state dirs, the sandbox's URLs and research key. */
export interface FixtureEnv extends Record<string, string> {
  INV_CONFIG_DIR: string;
  INV_STATE_DIR: string;
  INV_BASE_URL: string;
  INV_AUTH_URL: string;
  INV_RESEARCH_URL: string;
  INV_RESEARCH_CLIENT_ID: string;
  INV_RESEARCH_SECRET: string;
}

export interface SandboxFixture {
  sandbox: Sandbox;
  dir: string;
  env: FixtureEnv;
  close(): Promise<void>;
}

/**
 * scrypt's cost for the passwords of the sandboxes tests start: a sixteenth of the default's work at each start and
 * password login. The data-file test of sandbox-hardening, the default-cost tests of test/unit/password-hash.test.ts
 * and every spawned `inv sandbox` keep the default.
 */
const TEST_PASSWORD_COST = 1024;

/** Starts a sandbox on port 0 whose passwords are hashed at the tests' cost. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, passwordCost: TEST_PASSWORD_COST, ...options });
}

/** Starts a sandbox and an environment pointing inv at it (through INV_* variables, nothing stored). */
export async function sandboxFixture(options: SandboxOptions = {}): Promise<SandboxFixture> {
  const dir = tempDir('test');
  const sandbox = await startTestSandbox(options);
  const { research } = sandbox.credentials;
  const env: FixtureEnv = {
    INV_CONFIG_DIR: join(dir, 'config'),
    INV_STATE_DIR: join(dir, 'state'),
    INV_BASE_URL: sandbox.baseUrl,
    INV_AUTH_URL: sandbox.authUrl,
    INV_RESEARCH_URL: sandbox.researchUrl,
    INV_RESEARCH_CLIENT_ID: research.clientId,
    INV_RESEARCH_SECRET: research.secretKey,
  };
  return {
    sandbox,
    dir,
    env,
    async close() {
      await sandbox.close();
      removeTempDir(dir);
    },
  };
}
