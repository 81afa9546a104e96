/** Accepted scans appended to a CSV that `inv items import` takes as it is. */
import { appendFile, stat } from 'node:fs/promises';
import type { ScoutResult } from './scan-engine.js';

export const BUY_LIST_COLUMNS = ['msku', 'title', 'cond', 'productId', 'productIdType', 'attr.cost'] as const;

/** The msku from a template: {asin}, {cond}, {code} are replaced; at most 80 characters. */
export function mskuFor(template: string, r: ScoutResult, cond: string): string {
  return template
    .replaceAll('{asin}', r.asin ?? '')
    .replaceAll('{cond}', cond)
    .replaceAll('{code}', r.code)
    .slice(0, 80);
}

/** Appends rows to `file`, writing the header first when the file is new or empty. */
export class BuyList {
  private started?: Promise<void>;

  constructor(
    readonly file: string,
    private readonly template = '{asin}-{cond}',
    private readonly cond = 'new',
  ) {}

  /** Appends one row for a result. */
  async add(r: ScoutResult): Promise<void> {
    const { stringify } = await import('csv-stringify/sync');
    this.started ??= stat(this.file).then(
      (s) => (s.size === 0 ? appendFile(this.file, stringify([[...BUY_LIST_COLUMNS]])) : undefined),
      () => appendFile(this.file, stringify([[...BUY_LIST_COLUMNS]]), { mode: 0o644 }),
    );
    await this.started;
    const row = [
      mskuFor(this.template, r, this.cond),
      (r.title ?? r.asin ?? '').slice(0, 255),
      this.cond,
      r.asin,
      'ASIN',
      r.cost.toFixed(2),
    ];
    await appendFile(this.file, stringify([row]));
  }
}
