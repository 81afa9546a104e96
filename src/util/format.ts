/** Formatting of raw API values for tables (JSON keeps them raw). */

/** A value as table text: null as "-", objects as compact JSON. */
export function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A money amount with two decimals; numeric strings accepted. */
export function money(value: unknown): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(2) : cell(value);
}

/** A money amount with two decimals and thousands separators ("2,106.00"), as a report reads it. */
export function moneyGrouped(value: unknown): string {
  const text = money(value);
  return /^-?\d+\.\d\d$/.test(text) ? text.replace(/\d+(?=\.)/, (whole) => count(Number(whole))) : text;
}

/** Where en-US puts thousands separators in a run of digits: before each whole group of three that ends it. */
const THOUSANDS = /\B(?=(?:\d{3})+$)/g;

/** A whole number with thousands separators, as en-US writes it; numeric strings accepted. */
export function count(value: unknown): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return cell(value);
  // Whole numbers without Intl: a process's first toLocaleString loads number-format data (~20 ms of a one-shot).
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? String(n).replace(THOUSANDS, ',') : n.toLocaleString('en-US');
}

/** A value as a csv/tsv field: raw scalars, lists of strings joined with "; ", other objects as JSON, null as empty. */
export function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A list of words (a scout result's reasons) reads as one cell; other structures stay JSON.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Shortens text for a table cell, marking the cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max - 1) + '…';
}

/** Shortens text to `max` characters by cutting its middle (beginning and end kept, the cut marked with …). */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = Math.max(0, max - 1);
  return text.slice(0, Math.ceil(keep / 2)) + '…' + (keep > 1 ? text.slice(-Math.floor(keep / 2)) : '');
}

/** Text broken into lines of at most `width` columns, between words where it can (a longer word is split). */
export function wrapText(text: string, width: number): string {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length <= width) {
        line += ` ${word}`;
        continue;
      }
      if (line) out.push(line);
      while (word.length > width) {
        out.push(word.slice(0, width));
        word = word.slice(width);
      }
      line = word;
    }
    out.push(line);
  }
  return out.join('\n');
}
