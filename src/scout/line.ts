/** One compact line per scan result for a terminal: verdict, ASIN, title cut to fit, rank, price, fees, profit, ROI. */
import type { Colors } from '../cli/colors.js';
import { money, truncate } from '../cli/output/format.js';
import type { ScoutResult } from './engine.js';

const pad = (text: string, width: number) => text.padEnd(width);

/** The line for one result, `width` columns wide at most (the title takes what is left). */
export function scanLine(r: ScoutResult, width: number, colors: Colors): string {
  const mark = r.verdict === 'buy' ? colors.green('BUY ') : r.verdict === 'skip' ? colors.yellow('SKIP') : colors.dim('??? ');
  if (r.asin === null || r.price === null) {
    return `${mark} ${pad(r.asin ?? r.code, 13)} ${colors.dim(truncate(r.reasons.join('; '), Math.max(20, width - 19)))}`;
  }
  const figures = [
    `#${r.rank === null ? '-' : r.rank.toLocaleString('en-US')}`,
    `$${money(r.price)}`,
    `fees ${money(r.fees)}`,
    `cost ${money(r.cost)}`,
    `profit ${r.profit !== null && r.profit >= 0 ? '+' : ''}${money(r.profit)}`,
    `ROI ${r.roi === null ? '-' : Math.round(r.roi) + '%'}`,
  ].join('  ');
  const titleWidth = Math.max(10, width - 5 - 11 - figures.length - 4);
  const why = r.verdict === 'skip' ? colors.dim(`  (${r.reasons[0]})`) : '';
  return `${mark} ${r.asin} ${pad(truncate(r.title ?? '', titleWidth), titleWidth)}  ${figures}${why}`;
}
