/** The flags of `inv sandbox` checked into the options its service starts with (no I/O: the data file is run's). */
import { UsageError } from '../../errors.js';
import { RATE_LIMIT_MAX } from '../../api/constants.js';
import { portNumber, wholeNumber as whole } from '../../cli/request-body.js';
import type { SandboxOptions } from '../../sandbox/index.js';

export interface SandboxFlags {
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

/**
 * What the service starts with, but its data file and admin token (run finds them in the environment) and the
 * password cost (`inv sandbox` always hashes at the default).
 */
export type ServiceOptions = Omit<SandboxOptions, 'data' | 'adminToken' | 'passwordCost'>;

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
export function serviceOptions(flags: SandboxFlags): ServiceOptions {
  return {
    host: flags.host,
    port: portNumber(flags.port, '--port'),
    researchPort: flags.researchPort === undefined ? undefined : portNumber(flags.researchPort, '--research-port'),
    seed: flags.seed,
    latencyMs: whole(flags.latency, '--latency', 0, 60_000),
    failRate: share(flags.faultRate, '--fault-rate'),
    failStatus: whole(flags.faultStatus, '--fault-status', 400, 599),
    retryAfter: whole(flags.retryAfter || undefined, '--retry-after', 0, 3600),
    dropRate: share(flags.dropRate, '--drop-rate'),
    bulkItems: whole(flags.bulkItems, '--bulk-items', 0, 10_000_000),
    clockOffsetS: flags.clockOffset === undefined ? undefined : clockOffset(flags.clockOffset),
    ...rateLimitOptions(flags),
  };
}
