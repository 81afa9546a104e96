/**
 * Every limit of the field rules, generated from the zod schemas: both boundary values of each, on
 * the client (exit 2 naming the field, nothing sent) and on the sandbox (400 naming the field).
 * The limits read from the schemas must equal the documented table below, so changing one in the
 * code (say notes to 2,550) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCHEMAS } from '../../src/api/rules.js';
import { runInv } from '../helpers/io.js';
import { inventoryFixture, type InventoryFixture } from '../helpers/inventory.js';

/** The documented limits: string lengths as [min, max] characters, whole numbers as [min, max]. */
const DOCUMENTED: Record<'item' | 'location' | 'feedback', Record<string, [number | undefined, number | undefined]>> = {
  item: {
    msku: [1, 80],
    productId: [undefined, 20],
    title: [1, 255],
    manufacturer: [undefined, 255],
    image: [undefined, 255],
    type: [undefined, 20],
    cond: [1, 15],
    notes: [undefined, 255],
    rank: [0, 9_999_999_999],
    'attributes.name': [1, 255],
    'attributes.value': [undefined, 255],
  },
  location: { display: [1, 255], order: [0, 32767], ref: [undefined, 10_000], notes: [undefined, 10_000] },
  feedback: {
    venueId: [1, undefined],
    orderId: [undefined, 255],
    rating: [1, 5],
    comments: [undefined, 10_000],
    buyer: [undefined, 255],
  },
};

interface Limit {
  kind: keyof typeof DOCUMENTED;
  field: string;
  type: 'string' | 'integer';
  min?: number;
  max?: number;
}

/** The schema inside optional/nullable wrappers. */
const unwrap = (t: z.ZodType): z.ZodType =>
  t instanceof z.ZodOptional || t instanceof z.ZodNullable ? unwrap(t.unwrap() as z.ZodType) : t;

/** The length and range limits a zod object declares, nested arrays of objects as "field.sub". */
function limitsOf(kind: Limit['kind'], shape: Record<string, z.ZodType>, prefix = ''): Limit[] {
  return Object.entries(shape).flatMap(([name, raw]): Limit[] => {
    const t = unwrap(raw);
    const field = prefix + name;
    if (t instanceof z.ZodString)
      return t.maxLength === null && !t.minLength
        ? []
        : [{ kind, field, type: 'string', min: t.minLength ?? undefined, max: t.maxLength ?? undefined }];
    if (t instanceof z.ZodArray && t.element instanceof z.ZodObject)
      return limitsOf(kind, t.element.shape as Record<string, z.ZodType>, `${field}.`);
    const meta = t.meta() as { min?: number; max?: number } | undefined;
    return meta && (meta.min !== undefined || meta.max !== undefined)
      ? [{ kind, field, type: 'integer', min: meta.min, max: meta.max }]
      : [];
  });
}

const LIMITS = (['item', 'location', 'feedback'] as const).flatMap((kind) =>
  limitsOf(kind, SCHEMAS[kind].shape as Record<string, z.ZodType>),
);

/** A valid record of each kind, to which one field at its limit is added. */
const BASE = {
  item: (n: number) => ({ msku: `LIM-${n}`, title: 't', cond: 'new', inactive: 'n', productIdType: 'INTERNAL' }),
  location: (n: number) => ({ display: `d-${n}`, type: 'shelf', order: 1 }),
  feedback: () => ({ venueId: 1, date: '2026-11-21' }),
};
const COMMAND = {
  item: ['items', 'create', '--overwrite'],
  location: ['locations', 'create'],
  feedback: ['feedback', 'create'],
};
const PATH = { item: '/v1/items', location: '/v1/locations', feedback: '/v1/feedback' };

/** A value of `field` at `size` (characters or the number), in a whole record. */
function record(limit: Limit, size: number, n: number): Record<string, unknown> {
  const value = limit.type === 'integer' ? size : 'x'.repeat(size);
  const [field, sub] = limit.field.split('.') as [string, string | undefined];
  const body: Record<string, unknown> = BASE[limit.kind](n);
  body[field] = sub ? [{ name: 'n', value: 'v', [sub]: value }] : value;
  return body;
}

let fx: InventoryFixture;
beforeAll(async () => {
  fx = await inventoryFixture();
});
afterAll(() => fx.close());

const inv = (args: string[], stdin?: string) => runInv(args, { env: fx.authed, stdin });

describe('the limits of the schemas', () => {
  it('are the documented ones, every one of them', () => {
    const found = Object.fromEntries(
      (['item', 'location', 'feedback'] as const).map((kind) => [
        kind,
        Object.fromEntries(LIMITS.filter((l) => l.kind === kind).map((l) => [l.field, [l.min, l.max]])),
      ]),
    );
    expect(found).toEqual(DOCUMENTED);
  });
});

let serial = 0;
const cases = LIMITS.flatMap((limit) => [
  ...(limit.min !== undefined ? [{ limit, inside: limit.min, outside: limit.min - 1, side: 'min' }] : []),
  ...(limit.max !== undefined ? [{ limit, inside: limit.max, outside: limit.max + 1, side: 'max' }] : []),
]);

describe.each(cases.map((c) => [`${c.limit.kind} ${c.limit.field} ${c.side} ${c.inside}`, c] as const))(
  '%s',
  (_name, { limit, inside, outside }) => {
    it('is accepted at the limit, by the CLI and the sandbox', async () => {
      const r = await inv([...COMMAND[limit.kind], '--file', '-'], JSON.stringify(record(limit, inside, ++serial)));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    });

    it('is refused one past it: exit 2 naming the field and nothing sent; a 400 naming it from the sandbox', async () => {
      const body = JSON.stringify(record(limit, outside, ++serial));
      const before = { requests: fx.sandbox.inventory.stats.count('/v1/'), state: fx.snapshot() };
      const r = await inv([...COMMAND[limit.kind], '--file', '-'], body);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(limit.field.split('.')[0]);
      expect(fx.sandbox.inventory.stats.count('/v1/')).toBe(before.requests);
      const raw = await inv(['api', 'POST', PATH[limit.kind], '--input', '-'], body);
      expect(raw.code).toBe(1);
      const answer = JSON.parse(raw.stdout) as { code: number; message: string };
      expect(answer.code).toBe(400);
      expect(answer.message).toContain(limit.field.split('.')[0]);
      expect(fx.snapshot()).toBe(before.state);
    });
  },
);
