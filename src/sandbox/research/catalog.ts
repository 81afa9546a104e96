/** A deterministic catalog: every 10-character ASIN names one product, derived from the md5 of the ASIN. */
import { createHash } from 'node:crypto';
import { gs1CheckDigit, isIsbn10 } from '../../api/product-codes.js';
import { CATEGORIES, type CategoryDef } from './category-tree.js';

export interface Product {
  asin: string;
  title: string;
  brand: string;
  model: string;
  color: string;
  features: string[];
  category: CategoryDef;
  sub: { id: string; name: string };
  /** List price in dollars. */
  listPrice: number;
  salesRank: number;
  /** Package dimensions in inches, longest first, and weight in pounds. */
  length: number;
  width: number;
  height: number;
  weight: number;
  upc: string;
  ean: string;
}

const BRANDS = ['Acme', 'Northwind', 'Contoso', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay'];
const ADJECTIVES = [
  'Classic',
  'Compact',
  'Deluxe',
  'Essential',
  'Premium',
  'Portable',
  'Pro',
  'Ultra',
  'Everyday',
  'Heavy-Duty',
];
const NOUNS: Record<string, string[]> = {
  Book: ['Guide', 'Handbook', 'Field Manual', 'Cookbook', 'Novel'],
  Music: ['Greatest Hits', 'Live Album', 'Anthology'],
  DVD: ['Box Set', 'Collector Edition', 'Season One'],
  'Video Games': ['Adventure', 'Racing Game', 'Puzzle Quest'],
  CE: ['USB-C Cable', 'Headphones', 'Charger', 'Bluetooth Speaker'],
  Toy: ['Building Set', 'Puzzle', 'Board Game'],
  Kitchen: ['French Press', 'Chef Knife', 'Mixing Bowl Set'],
  Sports: ['Water Bottle', 'Yoga Mat', 'Camping Lantern'],
  Beauty: ['Face Cream', 'Hair Brush', 'Shampoo'],
  'Office Product': ['Notebook Pack', 'Stapler', 'Label Maker'],
  'Pet Products': ['Dog Leash', 'Cat Toy', 'Pet Bed'],
  'Home Improvement': ['Screwdriver Set', 'LED Bulb 4-Pack', 'Tape Measure'],
};
const COLORS = ['Black', 'White', 'Blue', 'Red', 'Grey', 'Green'];

/** A small seeded generator (mulberry32) so each ASIN yields the same numbers every time. */
export function seeded(text: string): () => number {
  let state = createHash('md5').update(text).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function choose<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** Digits with a valid GS1 check digit appended. */
export function withCheckDigit(body: string): string {
  return body + gs1CheckDigit(body);
}

/** The product an ASIN names. */
export function product(asin: string): Product {
  const random = seeded(asin);
  const drawn = choose(random, CATEGORIES);
  // An ASIN that is a valid ISBN-10 is a book.
  const category = isIsbn10(asin) ? CATEGORIES[0]! : drawn;
  const sub = choose(random, category.subs);
  const brand = choose(random, BRANDS);
  const noun = choose(random, NOUNS[category.group] ?? ['Item']);
  const adjective = choose(random, ADJECTIVES);
  const bulky = random() < 0.08;
  const small = !bulky && random() < 0.45;
  const dims = bulky
    ? [round(20 + random() * 30), round(15 + random() * 10), round(9 + random() * 10)]
    : small
      ? [round(5 + random() * 9), round(4 + random() * 7), round(0.2 + random() * 0.5)]
      : [round(8 + random() * 9), round(5 + random() * 8), round(1 + random() * 6)];
  const weight = bulky ? round(21 + random() * 30) : small ? round(0.1 + random() * 0.8) : round(0.5 + random() * 12);
  const upcBody = String(Math.floor(random() * 1e11)).padStart(11, '0');
  const upc = withCheckDigit(upcBody);
  return {
    asin,
    title: `${brand} ${adjective} ${noun}`,
    brand,
    model: `${brand.slice(0, 3).toUpperCase()}-${Math.floor(random() * 9000 + 1000)}`,
    color: choose(random, COLORS),
    features: [`${adjective} design`, `Made for ${sub.name.toLowerCase()}`, `${brand} quality guarantee`],
    category,
    sub,
    listPrice: round(category.media ? 8 + random() * 42 : 6 + random() * 140),
    salesRank: Math.floor(1 + random() ** 2 * 2_000_000),
    length: dims[0]!,
    width: dims[1]!,
    height: dims[2]!,
    weight,
    upc,
    ean: '0' + upc,
  };
}

/** A sandbox ASIN derived from any text (for UPC, EAN and keyword searches). */
export function asinFor(text: string): string {
  const digest = createHash('md5').update(text).digest('hex');
  return (
    'B0' +
    BigInt('0x' + digest.slice(0, 16))
      .toString(36)
      .toUpperCase()
  )
    .padEnd(10, '0')
    .slice(0, 10);
}
