/**
 * One compact line per scan result for a terminal: verdict, ASIN, title, rank, price, fees, cost, profit, ROI; then
 * every reason, wrapped, never cut.
 */
import type { Colors } from '../util/colors.js';
import { count, money, truncateMiddle, wrapText } from '../util/format.js';
import type { ScoutResult } from './scan-engine.js';

const pad = (text: string, width: number) => text.padEnd(width);
/** Figures left out, in this order, to make room for the title (profit and ROI always stay). */
const DROP_ORDER = ['rank', 'cost', 'fees', 'price'] as const;
/** Columns the title keeps before any figure is left out for it (all of a shorter title). */
const TITLE_ROOM = 24;
/** Where the reasons under a result start. */
const INDENT = '     ';

/**
 * The lines for one result, none wider than `width` columns (60 or more): figures are left out, least needed first,
 * to keep the title; a title that still does not fit is cut from the middle; a number is never split. Every reason
 * follows, wrapped.
 */
export function scanLine(r: ScoutResult, width: number, colors: Colors): string {
  const mark =
    r.verdict === 'buy' ? colors.green('BUY ') : r.verdict === 'skip' ? colors.yellow('SKIP') : colors.dim('??? ');
  if (r.asin === null || r.price === null) return unpricedLine(r, mark, width, colors);
  const figures: Record<string, string> = {
    rank: `#${count(r.rank)}`,
    price: `$${money(r.price)}`,
    fees: `fees ${money(r.fees)}`,
    cost: `cost ${money(r.cost)}`,
    profit: `profit ${r.profit !== null && r.profit >= 0 ? '+' : ''}${money(r.profit)}`,
    roi: `ROI ${r.roi === null ? '-' : Math.round(r.roi) + '%'}`,
  };
  const head = 5 + r.asin.length + 1; // "SKIP " + ASIN + " "
  const title = r.title ?? '';
  const wanted = title ? Math.min(title.length, TITLE_ROOM) + 2 : 0;
  const shown = () => Object.values(figures).join('  ');
  for (const key of DROP_ORDER) {
    if (head + wanted + shown().length <= width) break;
    delete figures[key];
  }
  const room = width - head - shown().length - 2;
  const titled = title && room > 0 ? `${pad(truncateMiddle(title, room), Math.min(room, TITLE_ROOM))}  ` : '';
  const line = `${mark} ${r.asin} ${titled}${shown()}`;
  if (r.verdict !== 'skip' || r.reasons.length === 0) return line;
  return `${line}\n${colors.dim(reasonLines(r.reasons, width - INDENT.length, INDENT))}`;
}

/** A result without a price: the code (or ASIN) and the title when known, and every reason. */
function unpricedLine(r: ScoutResult, mark: string, width: number, colors: Colors): string {
  const head = `${mark} ${pad(r.asin ?? r.code, 13)} `;
  const room = width - 19; // what the mark, the code and their spaces leave
  if (r.title) {
    const reasons = reasonLines(r.reasons, width - INDENT.length, INDENT);
    return `${head}${truncateMiddle(r.title, room)}\n${colors.dim(reasons)}`;
  }
  const [first, ...more] = reasonLines(r.reasons, room, ' '.repeat(19)).split('\n');
  return [`${head}${colors.dim(first!.trimStart())}`, ...more.map((l) => colors.dim(l))].join('\n');
}

/** Reasons joined with "; ", broken into lines of at most `width` columns, each line after `indent`: none is cut. */
function reasonLines(reasons: string[], width: number, indent: string): string {
  const out: string[] = [];
  for (const reason of reasons) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 2 + reason.length <= width) out[out.length - 1] = `${last}; ${reason}`;
    else out.push(...wrapText(reason, width).split('\n'));
  }
  return out.map((l) => indent + l).join('\n');
}
