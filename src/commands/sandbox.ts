/** inv sandbox: run the local service until Ctrl-C, and write a profile that points at it. */
import { choiceOption, fileOption } from '../cli/option-kinds.js';
import { join } from 'node:path';
import type { Command } from 'commander';
import { InvError } from '../errors.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import type { View } from '../cli/output/view.js';
import { stateDir } from '../config/paths.js';
import { setPath, type Profile } from '../config/schema.js';
import type { Sandbox } from '../sandbox/index.js';
import { profileNameArg } from './profile/profile-name.js';
import { serviceOptions, type SandboxFlags, type ServiceOptions } from './shared/sandbox-flags.js';

/** What `inv sandbox` starts, where it keeps its state, and which profile it points at it. */
export interface SandboxCommandOptions {
  service: ServiceOptions;
  /** --data; when undefined and not ephemeral, run keeps the state in sandbox.json in the state directory. */
  data: string | undefined;
  ephemeral: boolean;
  /** The profile to write, or undefined for none. */
  profile: string | undefined;
}

const VIEW: View<Record<string, unknown>> = {
  kind: 'single',
  fields: ['baseUrl', 'authUrl', 'researchUrl', 'profile', 'dataFile', 'login', 'research'],
  rows: (info) =>
    Object.entries(info).flatMap(([key, value]) =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).map(([k, v]) => ({ key: `${key}.${k}`, value: v }))
        : [{ key, value }],
    ),
  columns: [
    { key: 'key', header: 'sandbox' },
    { key: 'value', header: 'value' },
  ],
};

export const meta: Meta = {
  name: 'sandbox',
  summary: 'run a local Inventory, OAuth and Product Research service (Ctrl-C stops it)',
};

/** Options of `inv sandbox` (declared from `meta`). */
export function setup(command: Command): void {
  command
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'inventory and OAuth port (0: any free port)', '4010')
    .option('--research-port <port>', 'research API port (default: port + 1)')
    .addOption(
      fileOption('--data <file>', 'state file (default: sandbox.json in the state directory); one sandbox per file'),
    )
    .option('--ephemeral', 'keep state in memory only')
    .addOption(choiceOption('--seed <seed>', 'initial data for a new state file', ['demo', 'empty']).default('demo'))
    .option('--latency <ms>', 'delay every answer by this many milliseconds', '0')
    .option('--fault-rate <share>', 'answer this share of requests (0..1) with an error, before applying anything', '0')
    .option('--fault-status <status>', 'the status of those errors (e.g. 503, or 429 for rate limiting)', '500')
    .option('--retry-after <seconds>', 'send Retry-After with those errors')
    .option(
      '--drop-rate <share>',
      'apply this share of requests (0..1), then drop the connection without answering',
      '0',
    )
    .option(
      '--rate-limit <n>',
      'answer 429 beyond N inventory requests per second per account (a token bucket), before applying anything',
    )
    .option('--burst <n>', 'the bucket size of --rate-limit: requests let through at once (default: N/10, at least 1)')
    .option('--no-retry-after', "send the rate limiter's 429s without Retry-After")
    .option('--bulk-items <n>', 'add N generated items (BULK-0000001, …) to a new state file, for benchmarks')
    .option(
      '--clock-offset <seconds>',
      "run the research API's clock this many seconds ahead (negative: behind), to rehearse clock skew",
    )
    .option(
      '--save-profile <name>',
      'profile to point at the sandbox (default "sandbox"; with --ephemeral, none unless given)',
    )
    .option('--no-save-profile', 'do not write a profile')
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  inv sandbox',
        '  inv sandbox --port 0 --ephemeral --latency 50',
        '  inv sandbox --rate-limit 200 --burst 20',
      ].join('\n'),
    );
}

/** The service's options, the data file and the profile to write, each checked. */
export function parse(_args: unknown[], flags: SandboxFlags): SandboxCommandOptions {
  const service = serviceOptions(flags);
  const ephemeral = Boolean(flags.ephemeral);
  // An ephemeral sandbox is often a second one: it must not repoint the profile of a running one.
  const profile = flags.saveProfile === false ? undefined : (flags.saveProfile ?? (ephemeral ? undefined : 'sandbox'));
  if (profile !== undefined) profileNameArg(profile, '--save-profile');
  return { service, data: ephemeral ? undefined : flags.data, ephemeral, profile };
}

/** Starts the service, points the profile at it and shows how to reach it; stops it on Ctrl-C. */
export async function run(ctx: Ctx, options: SandboxCommandOptions): Promise<void> {
  const out = ctx.output(VIEW);
  const data = options.ephemeral ? undefined : (options.data ?? join(stateDir(ctx.io.env), 'sandbox.json'));
  const adminToken = ctx.io.env.INV_SANDBOX_ADMIN_TOKEN || undefined;
  const port = options.service.port;
  const { lockDataFile, loopbackListening } = await import('./shared/sandbox-guard.js');
  const lock = data === undefined ? undefined : lockDataFile(data);
  const { startSandbox } = await import('../sandbox/index.js');
  const sandbox = await startSandbox({ ...options.service, data, adminToken }).catch((error: NodeJS.ErrnoException) => {
    lock?.release();
    if (error.code !== 'EADDRINUSE') throw error;
    throw new InvError(
      `port ${port} is in use (another sandbox may be running there)`,
      'for a throwaway second sandbox: inv sandbox --port 0 --ephemeral; or stop the other program',
    );
  });
  try {
    lock?.note({ url: sandbox.baseUrl });
    const { research, oauth } = sandbox.credentials;
    let profile = options.profile;
    const stored = profile === undefined ? undefined : (await ctx.config()).storedSettings(profile).baseUrl;
    if (profile !== undefined && stored !== sandbox.baseUrl && (await loopbackListening(stored))) {
      const still = `profile "${profile}" still points at the sandbox running at ${stored}`;
      await ctx.info(`warning: ${still}: not repointed (--save-profile NAME writes another)`);
      profile = undefined;
    }
    if (profile !== undefined) await pointProfile(ctx, profile, sandbox);
    const { username, password, clientId, clientSecret } = oauth;
    const urls = { baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, researchUrl: sandbox.researchUrl };
    const login = { username, password, clientId, clientSecret };
    await out.render([{ ...urls, profile: profile ?? null, dataFile: data ?? null, login, research }]);
    await ctx.info(nextSteps(profile, username));
    await new Promise<void>((resolve) => {
      if (ctx.io.signal.aborted) return resolve();
      ctx.io.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    await sandbox.close();
    lock?.release();
    await ctx.info(data ? `sandbox stopped; state saved in ${data}` : 'sandbox stopped (ephemeral: nothing was saved)');
  }
}

/** Writes the sandbox's addresses and credentials into `profile`, keeping its other settings. */
async function pointProfile(
  ctx: Ctx,
  profile: string,
  sandbox: Pick<Sandbox, 'baseUrl' | 'authUrl' | 'researchUrl' | 'credentials'>,
): Promise<void> {
  const { research, oauth } = sandbox.credentials;
  const fields: Profile = {
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    researchUrl: sandbox.researchUrl,
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
  };
  await (
    await ctx.config()
  ).updateProfile(profile, (stored) => {
    let next: Profile = { ...stored, ...fields };
    for (const [key, value] of Object.entries(research)) next = setPath(next, `research.${key}`, value);
    return next;
  });
}

/** What to type next, in another terminal. */
function nextSteps(profile: string | undefined, username: string): string {
  if (profile === undefined) {
    return [
      'sandbox running (credentials above are for the sandbox only); no profile was written',
      '(--save-profile NAME writes one). Press Ctrl-C to stop.',
    ].join(' ');
  }
  return [
    'sandbox running (credentials above are for the sandbox only). Press Ctrl-C to stop.',
    `next, in another terminal: inv --profile ${profile} login`,
    `  (approve as "${username}" with the password above; then inv --profile ${profile} whoami, inv --profile ${profile} stock list)`,
    `  to drop --profile: inv profile use ${profile}`,
  ].join('\n');
}
