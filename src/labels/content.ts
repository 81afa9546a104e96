/** What a label says: a unit's FNSKU label, a bin's label, or the heading label that starts a shipment's group. */
import { UsageError } from '../errors.js';

export interface UnitLabel {
  kind: 'unit';
  fnsku: string;
  title: string;
  /** Condition as printed, e.g. "New" or "Used - Like New". */
  condition: string;
}

export interface HeadingLabel {
  kind: 'heading';
  shipmentId: string;
  center: string;
  /** What follows in the group, e.g. "MUG-BLUE-11OZ x 12". */
  contents: string;
}

/** A location's label: its bin code (docs/decisions.md, 30) drawn as the barcode, its name and type below. */
export interface BinLabel {
  kind: 'bin';
  code: string;
  name: string;
  type: string;
}

export type Label = UnitLabel | BinLabel | HeadingLabel;

/** The three lines of a barcode label, whatever it labels: the code (barcode and its text), a title, a last line. */
export interface BarcodeLines {
  code: string;
  title: string;
  condition: string;
}

/** A unit or bin label as its barcode and lines. */
export function barcodeLines(label: UnitLabel | BinLabel): BarcodeLines {
  return label.kind === 'unit'
    ? { code: label.fnsku, title: label.title, condition: label.condition }
    : { code: label.code, title: label.name, condition: label.type };
}

/** A label and how many copies of it, in print order. */
export interface LabelRun {
  label: Label;
  copies: number;
}

const CONDITIONS: Record<string, string> = {
  new: 'New',
  likenew: 'Used - Like New',
  verygood: 'Used - Very Good',
  good: 'Used - Good',
  acceptable: 'Used - Acceptable',
  poor: 'Used - Poor',
  collectible: 'Collectible',
  refurbished: 'Refurbished',
  unknown: '',
};

/** The condition as the marketplace prints it ("likeNew" → "Used - Like New"); unknown values as given. */
export function conditionText(cond: string | null | undefined): string {
  const raw = printable(cond ?? '');
  return CONDITIONS[raw.toLowerCase().replace(/[\s_-]/g, '')] ?? raw;
}

/**
 * Server text made safe to print: no control characters nor bidirectional overrides, every script kept
 * (the renderers say what their fonts cannot draw).
 */
export function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Checks an FNSKU: 10 capital letters or digits (X000… or an ASIN-based one). */
export function checkFnsku(fnsku: string, field = 'fnsku'): string {
  if (!/^[A-Z0-9]{10}$/.test(fnsku))
    throw new UsageError(`${field} "${printable(fnsku)}" must be 10 capital letters or digits, e.g. X000ABC123`);
  return fnsku;
}

/** The runs of one unit label repeated `count` times. */
export function unitRun(fnsku: string, item: { title: string; cond: string }, count: number): LabelRun {
  return {
    label: { kind: 'unit', fnsku, title: printable(item.title), condition: conditionText(item.cond) },
    copies: count,
  };
}

/** How many labels the runs print. */
export function labelCount(runs: readonly LabelRun[]): number {
  return runs.reduce((sum, run) => sum + run.copies, 0);
}
