/** One compact line per scan result for a terminal: verdict, ASIN, title cut to fit, rank, price, fees, cost, profit, ROI. */
import type { Colors } from '../util/colors.js';
import { count, money, truncate } from '../util/format.js';
import type { ScoutResult } from './scan-engine.js';

const pad = (text: string, width: number) => text.padEnd(width);
/** Figures dropped, in this order, when the line is too narrow even without a title (profit and ROI always stay). */
const DROP_ORDER = ['rank', 'cost', 'fees', 'price'] as const;

/**
 * The lines for one result, none wider than `width` columns: the title is shortened first, then the least
 * needed figures are left out; a number is never split. A skip is followed by a line with every failed rule.
 */
export function scanLine(r: ScoutResult, width: number, colors: Colors): string {
  const mark =
    r.verdict === 'buy' ? colors.green('BUY ') : r.verdict === 'skip' ? colors.yellow('SKIP') : colors.dim('??? ');
  if (r.asin === null || r.price === null) {
    return `${mark} ${pad(r.asin ?? r.code, 13)} ${colors.dim(truncate(r.reasons.join('; '), Math.max(20, width - 19)))}`;
  }
  const figures: Record<string, string> = {
    rank: `#${count(r.rank)}`,
    price: `$${money(r.price)}`,
    fees: `fees ${money(r.fees)}`,
    cost: `cost ${money(r.cost)}`,
    profit: `profit ${r.profit !== null && r.profit >= 0 ? '+' : ''}${money(r.profit)}`,
    roi: `ROI ${r.roi === null ? '-' : Math.round(r.roi) + '%'}`,
  };
  const head = 5 + r.asin.length + 1; // "SKIP " + ASIN + " "
  const shown = () => Object.values(figures).join('  ');
  for (const key of DROP_ORDER) {
    if (head + shown().length <= width) break;
    delete figures[key];
  }
  // The title gets what is left after two spaces; below 6 columns it is left out.
  const room = width - head - shown().length - 2;
  const title = room >= 6 ? `${pad(truncate(r.title ?? '', room), room)}  ` : '';
  const line = `${mark} ${r.asin} ${title}${shown()}`;
  if (r.verdict !== 'skip' || r.reasons.length === 0) return line;
  return `${line}\n${colors.dim(
    wrapReasons(r.reasons, width - 5)
      .map((l) => `     ${l}`)
      .join('\n'),
  )}`;
}

/** Reasons joined with "; ", broken into lines of at most `width` columns between reasons (a reason longer than that is cut). */
function wrapReasons(reasons: string[], width: number): string[] {
  const out: string[] = [];
  for (const reason of reasons.map((why) => truncate(why, width))) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 2 + reason.length <= width) out[out.length - 1] = `${last}; ${reason}`;
    else out.push(reason);
  }
  return out;
}
