/** Request bodies from --file (or stdin) and flags, checked against the API's field rules (src/api/rules.ts) before any request. */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import type { SCHEMAS, SchemaName } from '../api/rules.js';
import { mskuProblem } from '../api/msku.js';
import { UsageError } from '../errors.js';
import type { Ctx } from './ctx.js';
import type { Question } from './prompt.js';
import { readAll, type IO } from '../util/io.js';

/** The JSON object in `file` ("-" for stdin), or {} when no file is given. */
export async function jsonInput(io: IO, file: string | undefined): Promise<Record<string, unknown>> {
  if (file === undefined) return {};
  let text: string;
  try {
    text = file === '-' ? await readAll(io.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--file ${file}: not valid JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`--file ${file}: must hold one JSON object`);
  return value as Record<string, unknown>;
}

/** A record as a command's flags give it: its fields, over the JSON object of --file (read in the run). */
export interface RecordInput {
  /** --file: a file holding a JSON object, or "-" for stdin; undefined when not given. */
  file: string | undefined;
  /** The fields given as flags (those not given left out). */
  fields: Record<string, unknown>;
}

/** The object in --file with the fields given as flags over it. */
export async function mergedInput(io: IO, { file, fields }: RecordInput): Promise<Record<string, unknown>> {
  return { ...(await jsonInput(io, file)), ...fields };
}

/** Refuses a change that changes nothing (`example` is a field flag to suggest). */
export function needsAField(fields: Record<string, unknown>, example: string): void {
  if (Object.keys(fields).length === 0)
    throw new UsageError(`nothing to update: give at least one field flag (e.g. ${example}) or --file`);
}

/** Drops undefined values, so flags not given do not override the file. */
export function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** Checks `input` with the named rules (loaded only now: zod is large); a UsageError naming the field and the rule otherwise. */
export async function validate<N extends SchemaName>(
  name: N,
  input: unknown,
  what: string,
): Promise<z.output<(typeof SCHEMAS)[N]>> {
  const { check, SCHEMAS: schemas } = await import('../api/rules.js');
  const result = check(schemas[name] as (typeof SCHEMAS)[N], input);
  if (!result.ok) throw new UsageError(`invalid ${what}: ${result.problem}`);
  return result.data as z.output<(typeof SCHEMAS)[N]>;
}

/**
 * A prompt validator for one field, with the same rule as its flag and the API: the answer is
 * checked as that field of `name`'s patch schema (loaded now, before the question is asked).
 */
export async function answerRule(
  name: 'item' | 'location',
  field: string,
): Promise<(answer: string) => string | undefined> {
  const { SCHEMAS: schemas } = await import('../api/rules.js');
  const schema = name === 'item' ? schemas.itemPatch : schemas.locationPatch;
  return (answer) => {
    const result = schema.safeParse({ [field]: answer });
    if (result.success) return undefined;
    const issue = result.error.issues[0]!;
    return `${field} ${issue.message}`;
  };
}

/** Asks for a field `input` lacks, each answer checked with the rule its flag follows (and asked again until it passes). */
export async function askMissing(
  ctx: Pick<Ctx, 'ask'>,
  input: Record<string, unknown>,
  [kind, field]: ['item' | 'location', string],
  question: Omit<Question, 'validate'>,
): Promise<void> {
  if (input[field] === undefined)
    input[field] = await ctx.ask({ ...question, validate: await answerRule(kind, field) });
}

/** An msku argument checked with the item rule (api/rules.ts) before any request. */
export function mskuArg(value: unknown, what = 'msku'): string {
  const msku = String(value ?? '');
  const problem = mskuProblem(msku);
  if (!problem) return msku;
  const shown = msku.length > 20 ? ` "${msku.slice(0, 20)}…"` : '';
  throw new UsageError(`${what}${shown}: ${problem}`);
}

/** Parses repeated name=value flags. */
export function pairs(
  values: readonly string[] | undefined,
  flag: string,
): Array<{ name: string; value: string }> | undefined {
  if (!values || values.length === 0) return undefined;
  return values.map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`${flag} "${pair}" must look like name=value`);
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/** A flag's value as a whole number from `min` to `max` (undefined when not given); a UsageError naming the flag otherwise. */
export function wholeNumber(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
  unit = '',
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} "${value}" must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`);
  }
  return Number(value);
}

/** A flag's value as a TCP port, 0 (any free port) to 65535; a UsageError naming the flag otherwise. */
export function portNumber(value: string, flag: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`${flag} "${value}" must be a port number from 0 to 65535`);
  return n;
}

/** Collects a repeatable option into an array (for commander). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The --delimiter option's help (every command that reads a CSV file takes it). */
export const DELIMITER_HELP =
  "CSV column separator (default: sniffed from the header, or Excel's sep= line); \\t for a tab";
