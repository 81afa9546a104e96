/** Global options of every command, parsed once into a typed object. */
import { Option, type Command } from 'commander';
import { UsageError } from '../errors.js';
import { declared } from './value-kind.js';
import type { IO } from '../util/io.js';

/** The data formats of `-o`; `wide` is a table with every column a view has, never cut to the terminal. */
export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'ndjson', 'csv', 'tsv'] as const;
/** The format records are rendered in (`-o wide` is a table, with `wide` set). */
export type OutputFormat = Exclude<(typeof OUTPUT_FORMATS)[number], 'wide'>;
/** `-o zpl`: labels for Zebra printers, a format of `inv labels` only (not a data format). */
export const LABEL_OUTPUT = 'zpl';
/** The commands that take `-o zpl`. */
/** The commands that take -o zpl (label output). */
export const ZPL_COMMANDS = new Set(['labels', 'pack']);

export interface GlobalOptions {
  profile?: string;
  output: OutputFormat;
  /** `-o wide`: tables show every column their view has, at their full width. */
  wide?: boolean;
  /** `-o zpl` was given (to a command that takes it). */
  zpl: boolean;
  fields?: string[];
  /** csv/tsv cells exactly as received, formulas included (no CSV-injection guard). */
  rawCsv: boolean;
  color: boolean;
  quiet: boolean;
  verbose: boolean;
  nonInteractive: boolean;
  yes: boolean;
  timeoutMs: number;
  /** --wait: how long to wait for a service that cannot be reached or keeps answering 429 (absent: the command's default). */
  waitMs?: number;
  /** --timeout was given on the command line (not the default). */
  timeoutGiven: boolean;
  baseUrl?: string;
  authUrl?: string;
  researchUrl?: string;
}

/** Declares the global options on the root command. */
export function addGlobalOptions(program: Command): void {
  program
    .addOption(
      declared(new Option('--profile <profile>', 'use this profile (default: INV_PROFILE or the current profile)'), {
        profile: true,
      }),
    )
    .addOption(
      new Option(
        '-o, --output <format>',
        'output format (default: table on a terminal, json in a pipe; wide: a table with every column, uncut)',
      ).choices([...OUTPUT_FORMATS, LABEL_OUTPUT]),
    )
    .option('--json', 'shorthand for --output json')
    .option('--fields <list>', 'comma-separated fields to output (dotted paths allowed, e.g. mfnFees.netIncome)')
    .option(
      '--raw-csv',
      "csv/tsv: keep cells starting with = + - @ as they are (by default they get a leading ' so spreadsheets do not run them)",
    )
    .option('--no-color', 'disable colours (also NO_COLOR)')
    .option('-q, --quiet', 'print only data and errors')
    .option('--verbose', 'log requests and timings to stderr (secrets redacted)')
    .option('--non-interactive', 'never prompt; fail with exit 7 when input is missing')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--timeout <seconds>', 'request timeout in seconds', '30')
    .option(
      '--wait <duration>',
      'wait this long (e.g. 90s, 10m, 1h) for a service that cannot be reached or is rate limiting ' +
        '(default: 10m in a batch and scout --file, 30s for the 429s of a one-shot, no wait for an outage otherwise)',
    )
    .option('--base-url <url>', 'Inventory API base address (overrides INV_BASE_URL and the profile)')
    .option('--auth-url <url>', 'OAuth server address')
    .option('--research-url <url>', 'Product Research API base address');
}

/** Whether the environment names a CI system. */
export function isCI(env: Record<string, string | undefined>): boolean {
  return Boolean(env.CI && env.CI !== 'false' && env.CI !== '0');
}

/** Turns commander's raw option values into GlobalOptions, with defaults that depend on the terminal. */
export function readGlobals(raw: Record<string, unknown>, io: IO, timeoutGiven = false, command = ''): GlobalOptions {
  const timeout = Number(raw.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 3600) {
    throw new UsageError(`--timeout "${String(raw.timeout)}" must be a number of seconds between 0 and 3600`);
  }
  const fields =
    typeof raw.fields === 'string'
      ? raw.fields
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : undefined;
  if (fields && fields.length === 0)
    throw new UsageError('--fields is empty: give one or more field names separated by commas');
  const zpl = raw.output === LABEL_OUTPUT;
  if (zpl && !ZPL_COMMANDS.has(command))
    throw new UsageError(
      `-o ${LABEL_OUTPUT} is for inv labels and inv pack only; use one of ${OUTPUT_FORMATS.join(', ')}`,
    );
  const wide = !raw.json && raw.output === 'wide';
  const given = raw.json ? 'json' : zpl ? undefined : wide ? 'table' : (raw.output as OutputFormat | undefined);
  const output = given ?? (io.stdoutIsTTY ? 'table' : 'json');
  const noColorEnv = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '';
  return {
    profile: raw.profile as string | undefined,
    output,
    wide,
    zpl,
    fields,
    rawCsv: Boolean(raw.rawCsv),
    color: raw.color !== false && !noColorEnv && io.stdoutIsTTY && io.env.TERM !== 'dumb',
    quiet: Boolean(raw.quiet),
    verbose: Boolean(raw.verbose),
    nonInteractive: Boolean(raw.nonInteractive),
    yes: Boolean(raw.yes),
    timeoutMs: Math.round(timeout * 1000),
    ...(raw.wait !== undefined ? { waitMs: durationMs(String(raw.wait), '--wait') } : {}),
    timeoutGiven,
    baseUrl: raw.baseUrl as string | undefined,
    authUrl: raw.authUrl as string | undefined,
    researchUrl: raw.researchUrl as string | undefined,
  };
}

/** A duration as typed ("90", "90s", "10m", "1h", "0"): milliseconds, at most a day; a UsageError naming `flag` otherwise. */
export function durationMs(value: string, flag: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(value);
  const ms = match
    ? Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's').toLowerCase() as 'ms']!
    : NaN;
  if (!Number.isFinite(ms) || ms > 86_400_000) {
    throw new UsageError(
      `${flag} "${value}" must be a duration of at most 24h: a number of seconds, or with a unit (90s, 10m, 1h)`,
    );
  }
  return Math.round(ms);
}
