/** inv sandbox: run the local service until Ctrl-C, and write a profile that points at it. */
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import { InvError, UsageError } from '../errors.js';
import type { Meta, Runner } from '../cli/command.js';
import { portNumber, wholeNumber as whole } from '../cli/request-body.js';
import type { View } from '../cli/output/view.js';
import { stateDir } from '../config/paths.js';
import { setPath, type Profile } from '../config/schema.js';
import type { SandboxOptions } from '../sandbox/index.js';
import { RATE_LIMIT_MAX } from '../api/constants.js';
import { profileNameArg } from './profile/profile-name.js';

interface SandboxFlags {
  host: string;
  port: string;
  researchPort?: string;
  data?: string;
  ephemeral?: boolean;
  seed: 'demo' | 'empty';
  latency: string;
  faultRate: string;
  faultStatus: string;
  /** Seconds for --retry-after; false for --no-retry-after (the rate limiter's 429s go without it). */
  retryAfter?: string | false;
  dropRate: string;
  rateLimit?: string;
  burst?: string;
  bulkItems?: string;
  clockOffset?: string;
  /** A name, false for --no-save-profile, undefined when not given (the default depends on --ephemeral). */
  saveProfile?: string | false;
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

function share(value: string, flag: string): number {
  const n = Number(value);
  if (!(n >= 0 && n <= 1)) throw new UsageError(`${flag} "${value}" must be a number from 0 to 1`);
  return n;
}

function clockOffset(value: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || Math.abs(n) > 7 * 86_400) {
    throw new UsageError(
      `--clock-offset "${value}" must be a whole number of seconds within a week (e.g. 7200 or -600)`,
    );
  }
  return n;
}

function rate(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !(n > 0 && n <= RATE_LIMIT_MAX)) {
    const rule = `a number greater than 0 and at most ${RATE_LIMIT_MAX}`;
    throw new UsageError(`--rate-limit "${value}" must be ${rule} (requests per second per account)`);
  }
  return n;
}

/** --rate-limit, --burst and --no-retry-after as startSandbox options. */
function rateLimitOptions(flags: SandboxFlags): Pick<SandboxOptions, 'rateLimit' | 'burst' | 'retryAfterHeader'> {
  if (flags.rateLimit === undefined) {
    if (flags.burst !== undefined)
      throw new UsageError('--burst needs --rate-limit (e.g. --rate-limit 200 --burst 20)');
    if (flags.retryAfter === false)
      throw new UsageError("--no-retry-after needs --rate-limit (it concerns the rate limiter's 429s)");
    return {};
  }
  return {
    rateLimit: rate(flags.rateLimit),
    burst: whole(flags.burst, '--burst', 1, RATE_LIMIT_MAX),
    retryAfterHeader: flags.retryAfter !== false,
  };
}

/** Checks the flags and turns them into startSandbox options. */
function sandboxOptions(flags: SandboxFlags, env: Record<string, string | undefined>): SandboxOptions {
  return {
    host: flags.host,
    port: portNumber(flags.port, '--port'),
    researchPort: flags.researchPort === undefined ? undefined : portNumber(flags.researchPort, '--research-port'),
    data: flags.ephemeral ? undefined : (flags.data ?? join(stateDir(env), 'sandbox.json')),
    seed: flags.seed,
    latencyMs: whole(flags.latency, '--latency', 0, 60_000),
    failRate: share(flags.faultRate, '--fault-rate'),
    failStatus: whole(flags.faultStatus, '--fault-status', 400, 599),
    retryAfter: whole(flags.retryAfter || undefined, '--retry-after', 0, 3600),
    dropRate: share(flags.dropRate, '--drop-rate'),
    bulkItems: whole(flags.bulkItems, '--bulk-items', 0, 10_000_000),
    clockOffsetS: flags.clockOffset === undefined ? undefined : clockOffset(flags.clockOffset),
    adminToken: env.INV_SANDBOX_ADMIN_TOKEN || undefined,
    ...rateLimitOptions(flags),
  };
}

export const meta: Meta = {
  name: 'sandbox',
  summary: 'run a local Inventory, OAuth and Product Research service (Ctrl-C stops it)',
};

/** Options and action of `inv sandbox` (declared from `meta`). */
export function setup(command: Command, run: Runner): void {
  command
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'inventory and OAuth port (0: any free port)', '4010')
    .option('--research-port <port>', 'research API port (default: port + 1)')
    .option('--data <file>', 'state file (default: sandbox.json in the state directory); one sandbox per file')
    .option('--ephemeral', 'keep state in memory only')
    .addOption(
      new Option('--seed <seed>', 'initial data for a new state file').choices(['demo', 'empty']).default('demo'),
    )
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
      '\nExamples:\n  inv sandbox\n  inv sandbox --port 0 --ephemeral --latency 50\n  inv sandbox --rate-limit 200 --burst 20',
    )
    .action(
      run<SandboxFlags>(async (ctx, _args, flags) => {
        const out = ctx.output(VIEW);
        const options = sandboxOptions(flags, ctx.io.env);
        // An ephemeral sandbox is often a second one: it must not repoint the profile of a running one.
        let profile =
          flags.saveProfile === false ? undefined : (flags.saveProfile ?? (flags.ephemeral ? undefined : 'sandbox'));
        if (profile !== undefined) profileNameArg(profile, '--save-profile');
        const data = options.data;
        const { lockDataFile, loopbackListening } = await import('./shared/sandbox-guard.js');
        const lock = data === undefined ? undefined : lockDataFile(data);
        const { startSandbox } = await import('../sandbox/index.js');
        const sandbox = await startSandbox(options).catch((error: NodeJS.ErrnoException) => {
          lock?.release();
          if (error.code !== 'EADDRINUSE') throw error;
          throw new InvError(
            `port ${options.port} is in use (another sandbox may be running there)`,
            'for a throwaway second sandbox: inv sandbox --port 0 --ephemeral; or stop the other program',
          );
        });
        try {
          lock?.note({ url: sandbox.baseUrl });
          const { research, oauth } = sandbox.credentials;
          const stored = profile === undefined ? undefined : (await ctx.config()).profile(profile).baseUrl;
          if (profile !== undefined && stored !== sandbox.baseUrl && (await loopbackListening(stored))) {
            await ctx.info(
              `warning: profile "${profile}" still points at the sandbox running at ${stored}: not repointed (--save-profile NAME writes another)`,
            );
            profile = undefined;
          }
          if (profile !== undefined) {
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
          await out.render([
            {
              baseUrl: sandbox.baseUrl,
              authUrl: sandbox.authUrl,
              researchUrl: sandbox.researchUrl,
              profile: profile ?? null,
              dataFile: data ?? null,
              login: {
                username: oauth.username,
                password: oauth.password,
                clientId: oauth.clientId,
                clientSecret: oauth.clientSecret,
              },
              research,
            },
          ]);
          await ctx.info(nextSteps(profile, oauth.username));
          await new Promise<void>((resolve) => {
            if (ctx.io.signal.aborted) return resolve();
            ctx.io.signal.addEventListener('abort', () => resolve(), { once: true });
          });
        } finally {
          await sandbox.close();
          lock?.release();
          await ctx.info(
            data ? `sandbox stopped; state saved in ${data}` : 'sandbox stopped (ephemeral: nothing was saved)',
          );
        }
      }),
    );
}

/** What to type next, in another terminal. */
function nextSteps(profile: string | undefined, username: string): string {
  if (profile === undefined) {
    return 'sandbox running (credentials above are for the sandbox only); no profile was written (--save-profile NAME writes one). Press Ctrl-C to stop.';
  }
  return [
    'sandbox running (credentials above are for the sandbox only). Press Ctrl-C to stop.',
    `next, in another terminal: inv --profile ${profile} login`,
    `  (approve as "${username}" with the password above; then inv --profile ${profile} whoami, inv --profile ${profile} stock list)`,
    `  to drop --profile: inv profile use ${profile}`,
  ].join('\n');
}
