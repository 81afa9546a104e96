/**
 * The field rules and limits of the Inventory API, as zod schemas. The CLI checks input with
 * them before any request; the sandbox enforces the same rules with a 400 that names the field.
 * Read-only fields (created, modified, link, …) are accepted and ignored, so a record fetched
 * with GET can be sent back with PUT.
 */
import { z } from 'zod';
import { LOCATION_TYPES, PRODUCT_ID_TYPES } from './constants.js';
import { decimalCommaHint } from '../util/money.js';
import { mskuProblem } from './msku.js';
import { SERVER_ITEM_FIELDS, type ItemField } from './item-field-uses.js';

const text = (max: number) => z.string({ error: 'must be a string' }).max(max, `must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'must not be empty');
const optional = (max: number) => text(max).nullable().optional();

/** Bounds of a whole number; `rule` is the message when it is outside them (or equal to `not`). */
interface Bounds {
  min?: number;
  max?: number;
  not?: number;
  rule: string;
}

/** A whole number given as a number or a numeric string; its bounds are kept as metadata (the limits test reads them). */
const integer = (bounds: Bounds) =>
  z
    .union([z.number(), z.string()], { error: 'must be a whole number' })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
      const outside =
        (bounds.min !== undefined && n < bounds.min) ||
        (bounds.max !== undefined && n > bounds.max) ||
        n === bounds.not;
      const problem = !Number.isInteger(n)
        ? 'must be a whole number'
        : !Number.isSafeInteger(n)
          ? 'must be at most 9007199254740991 in size'
          : outside
            ? bounds.rule
            : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return n;
    })
    .meta({ min: bounds.min, max: bounds.max });

const decimal = z.union([z.number(), z.string()], { error: 'must be a number' }).transform((value, ctx) => {
  const n = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  const comma = typeof value === 'string' ? decimalCommaHint(value) : undefined;
  if (!Number.isFinite(n))
    ctx.addIssue({
      code: 'custom',
      message: comma
        ? `must be a number with a decimal point: "${value}" reads like a decimal comma (${comma})`
        : 'must be a number',
    });
  return n;
});

export { LOCATION_TYPES, PRODUCT_ID_TYPES };

/** Fields the server fills in: accepted on input (a GET can be sent back) and ignored. */
const readOnly = <K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((n) => [n, z.unknown().optional()])) as Record<K, z.ZodOptional<z.ZodUnknown>>;

/** The msku rule of msku.ts, as a schema. */
const mskuRule = required(80).superRefine((value, ctx) => {
  const problem = mskuProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const itemShape = {
  msku: mskuRule,
  // The samples show active items with an empty string; y and n are the documented values.
  inactive: z.enum(['y', 'n', ''], { error: 'must be y or n' }),
  productId: optional(20),
  productIdType: z
    .enum(PRODUCT_ID_TYPES, { error: `must be one of ${PRODUCT_ID_TYPES.join(', ')}` })
    .nullable()
    .optional(),
  title: required(255),
  manufacturer: optional(255),
  image: optional(255),
  type: optional(20),
  cond: required(15),
  notes: optional(255),
  value: decimal.nullable().optional(),
  rank: integer({ min: 0, max: 9_999_999_999, rule: 'must be a whole number of at most 10 digits, not negative' })
    .nullable()
    .optional(),
  attributes: z
    .array(z.strictObject({ name: required(255), value: text(255) }), {
      error: 'must be a list of {name, value} pairs',
    })
    .optional(),
  ...readOnly(...SERVER_ITEM_FIELDS),
} satisfies Record<ItemField, z.ZodType>;

function productIdNeedsType(
  item: { productId?: string | null; productIdType?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (item.productId && !item.productIdType) {
    ctx.addIssue({
      code: 'custom',
      path: ['productIdType'],
      message: `is required when productId is set (one of ${PRODUCT_ID_TYPES.join(', ')})`,
    });
  }
}

/** A whole item (create, replace). */
export const itemSchema = z.strictObject(itemShape).superRefine(productIdNeedsType);
/** Some fields of an item (update). */
export const itemPatchSchema = z.strictObject(itemShape).partial();

export type ItemInput = z.output<typeof itemSchema>;
export type ItemPatch = z.output<typeof itemPatchSchema>;

const locationShape = {
  display: required(255),
  order: integer({ min: 0, max: 32767, rule: 'must be from 0 to 32767' }),
  type: z.enum(LOCATION_TYPES, { error: `must be one of ${LOCATION_TYPES.join(', ')}` }),
  ref: text(10_000).nullable().optional(),
  notes: text(10_000).nullable().optional(),
  ...readOnly('id', 'canMove', 'canMoveFBA', 'created', 'modified', 'link'),
};

/** A new location. */
export const locationSchema = z.strictObject(locationShape);
/** Some fields of a location (update). */
export const locationPatchSchema = z.strictObject(locationShape).partial();
export type LocationInput = z.output<typeof locationSchema>;

const feedbackShape = {
  venueId: integer({ min: 1, rule: 'must be a positive whole number' }),
  orderId: text(255).nullable().optional(),
  date: z
    .string({ error: 'must be a date' })
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
      'must be a date like 2026-11-21 (or an ISO 8601 timestamp)',
    ),
  rating: integer({ min: 1, max: 5, rule: 'must be 1, 2, 3, 4 or 5' }).nullable().optional(),
  comments: text(10_000).nullable().optional(),
  buyer: text(255).nullable().optional(),
  ...readOnly('id', 'link'),
};

/** A whole feedback record. */
export const feedbackSchema = z.strictObject(feedbackShape);
export type FeedbackInput = z.output<typeof feedbackSchema>;

/** A quantity change: a whole number, not zero. */
export const quantityChange = integer({ not: 0, rule: 'must not be zero' });

/** "y or n", "one of a, b, c": a field's fixed set of values. */
function valuesText(values: readonly unknown[]): string {
  const shown = values.filter((v) => v !== '').map(String);
  return shown.length === 2 ? `${shown[0]} or ${shown[1]}` : `one of ${shown.join(', ')}`;
}

/** The first problem of a failed parse (made with reportInput), as "field: rule"; a field left out "is required". */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') return `unknown field "${issue.keys[0]}"`;
  const field = issue.path.join('.') || 'body';
  if (issue.input !== undefined || !['invalid_type', 'invalid_value', 'invalid_union'].includes(issue.code))
    return `${field}: ${issue.message}`;
  return `${field}: is required${issue.code === 'invalid_value' ? ` (${valuesText(issue.values)})` : ''}`;
}

/** Parses with a schema; returns the data or the "field: rule" of the first problem. */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; problem: string } {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? { ok: true, data: result.data } : { ok: false, problem: firstProblem(result.error) };
}

/** The schemas by name, for callers that load this module lazily. */
export const SCHEMAS = {
  item: itemSchema,
  itemPatch: itemPatchSchema,
  location: locationSchema,
  locationPatch: locationPatchSchema,
  feedback: feedbackSchema,
};
export type SchemaName = keyof typeof SCHEMAS;
