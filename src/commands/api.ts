/** inv api METHOD PATH: an authenticated request of any kind, like `gh api`, for what has no command. */
import { fileOption } from '../cli/option-kinds.js';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { HttpRequest } from '../http/http-types.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { collect, jsonInput, pairs } from '../cli/request-body.js';
import { jsonText } from '../cli/output/render.js';
import { paramsInQuery } from '../api/constants.js';

interface ApiFlags {
  field?: string[];
  rawField?: string[];
  input?: string;
  research?: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The request `inv api` sends. */
export interface ApiOptions {
  method: HttpRequest['method'];
  /** The path under the base address, without its query. */
  path: string;
  query: Record<string, string>;
  /** The body's fields over --input's object; undefined when no body is sent. */
  body: Record<string, unknown> | undefined;
  /** --input: a file holding a JSON object, or "-" for stdin (read in the run). */
  input: string | undefined;
  research: boolean;
}

/** A -F value as JSON when it reads as a number, true, false or null; else the string. */
function typed(value: string): unknown {
  if (/^(true|false|null)$/.test(value) || /^-?\d+(\.\d+)?$/.test(value)) return JSON.parse(value);
  return value;
}

/** Repeated -f/-F name=value flags as an object, each value converted. */
function fields(list: string[] | undefined, flag: string, convert: (v: string) => unknown): Record<string, unknown> {
  return Object.fromEntries((pairs(list, flag) ?? []).map(({ name, value }) => [name, convert(value)]));
}

export const meta: Meta = {
  name: 'api',
  args: [
    ['<method>', METHODS.join(', ')],
    ['<path>', 'path under the base address, e.g. /v1/items'],
  ],
  summary:
    'send an authenticated request to the Inventory API (or the Research API with --research) and print the answer',
};

/** Options of `inv api`. */
export function setup(command: Command): void {
  command
    .option(
      '-f, --raw-field <key=value>',
      'a string field: query parameter for GET/DELETE (and settings PUT), body field otherwise (repeatable)',
      collect,
    )
    .option(
      '-F, --field <key=value>',
      'like -f, but numbers, true, false and null are sent as JSON (repeatable)',
      collect,
    )
    .addOption(
      fileOption(
        '--input <file>',
        'request body: a JSON object from a file ("-" for stdin); fields are merged into it',
      ),
    )
    .option('--research', 'send to the Product Research API, signed with the research key')
    .addHelpText(
      'after',
      [
        '\nExamples:',
        '  inv api GET /v1/itemLocations -f msku=MUG-BLUE-11OZ',
        '  inv api POST /v1/items --input item.json',
        '  inv api PUT /v1/settings/DEFAULT_CONDITION -f value=new',
        '  inv api GET /v1/getAsinCategories/B00X4WHP5E --research',
      ].join('\n'),
    );
}

/** The request: method, path, where each field goes (query or body), checked. */
export function parse([methodArg, pathArg]: unknown[], flags: ApiFlags): ApiOptions {
  const method = String(methodArg).toUpperCase() as HttpRequest['method'];
  if (!METHODS.includes(method))
    throw new UsageError(`method "${String(methodArg)}" must be one of ${METHODS.join(', ')}`);
  const url = new URL(String(pathArg).replace(/^\/?/, '/'), 'http://path.invalid');
  if (String(pathArg).includes('://'))
    throw new UsageError('path must be relative to the base address, e.g. /v1/items (set the address with --base-url)');
  const given = { ...fields(flags.rawField, '-f', String), ...fields(flags.field, '-F', typed) };
  if (flags.research && method !== 'GET') throw new UsageError('the Research API only answers GET');
  const inQuery = method === 'GET' || method === 'DELETE' || paramsInQuery(method, url.pathname);
  const query: Record<string, string> = Object.fromEntries(url.searchParams);
  if (inQuery) for (const [k, v] of Object.entries(given)) query[k] = String(v);
  const body = inQuery && !flags.input ? undefined : inQuery ? {} : given;
  return { method, path: url.pathname, query, body, input: flags.input, research: Boolean(flags.research) };
}

/** Sends the request and prints the answer as it came (JSON formatted); an error answer sets the exit code. */
export async function run(ctx: Ctx, { method, path, query, body, input, research }: ApiOptions): Promise<void> {
  const sent = body && { ...(await jsonInput(ctx.io, input)), ...body };
  const res = research
    ? await (await ctx.research()).raw(path, query)
    : await (await ctx.inventory()).raw(method, path, query, sent);
  let text = res.text;
  try {
    text = jsonText(JSON.parse(res.text), ctx.io);
  } catch {
    // not JSON: print as it came
  }
  if (text) await ctx.io.out.write(text.endsWith('\n') ? text : text + '\n');
  if (res.error) throw res.error;
}
