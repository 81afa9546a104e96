/**
 * The report's bars, drawn as SVG by hand: each priced line's profit (qty × unit profit), best to worst, and the profit
 * of the lines so far as a curve whose top is where to stop buying. Pure functions.
 */
import { cents, dollars } from '../arithmetic.js';
import { count, moneyGrouped as money } from '../../util/format.js';
import { linesOnce, type LotLine } from '../lot.js';
import { ticks } from './axis.js';

const W = 720;
const H = 300;
const M = { left: 64, right: 64, top: 14, bottom: 34 };
const fixed = (n: number) => (Math.round(n * 100) / 100).toString();

/** Where buying the best lines first earns the most: how many lines, and their profit. */
export interface BestCut {
  lines: number;
  profit: number;
}

/** The bars of line profit, best first, with the running total; lines without a price are counted in the note. */
export function barsSvg(all: readonly LotLine[]): { svg: string; note: string; cut: BestCut } {
  const lines = linesOnce(all)
    .filter((l) => l.lineProfit !== null)
    .sort((a, b) => b.lineProfit! - a.lineProfit!);
  let run = 0;
  const totals = lines.map((l) => (run += cents(l.lineProfit!)));
  const peak = totals.reduce((best, t, i) => (t > totals[best]! ? i : best), 0);
  const cut: BestCut = { lines: lines.length ? peak + 1 : 0, profit: dollars(totals[peak] ?? 0) };
  const profits = lines.map((l) => l.lineProfit!);
  const lo = Math.min(0, ...profits);
  const hi = Math.max(1, ...profits);
  const sumLo = Math.min(0, ...totals.map(dollars));
  const sumHi = Math.max(1, ...totals.map(dollars));
  const plotH = H - M.top - M.bottom;
  const y = (v: number) => M.top + (1 - (v - lo) / (hi - lo)) * plotH;
  const ySum = (v: number) => M.top + (1 - (v - sumLo) / (sumHi - sumLo)) * plotH;
  const step = (W - M.left - M.right) / Math.max(1, lines.length);
  const x = (i: number) => M.left + i * step;
  const parts: string[] = [];
  for (const v of ticks(lo, hi))
    parts.push(
      `<line class="grid${v === 0 ? ' zero' : ''}" x1="${M.left}" x2="${W - M.right}" y1="${fixed(y(v))}" y2="${fixed(y(v))}"/>`,
      `<text class="tick" x="${M.left - 6}" y="${fixed(y(v) + 4)}" text-anchor="end">${count(v)}</text>`,
    );
  for (const v of ticks(sumLo, sumHi))
    parts.push(`<text class="tick sum" x="${W - M.right + 6}" y="${fixed(ySum(v) + 4)}">${count(v)}</text>`);
  // One path per sign: a few bytes a bar where a rect each would take sixty.
  const bar = (i: number) => {
    const top = y(Math.max(0, profits[i]!));
    const bottom = y(Math.min(0, profits[i]!));
    return `M${fixed(x(i))} ${fixed(bottom)}V${fixed(Math.min(top, bottom - 0.5))}h${fixed(Math.max(step, 0.3))}V${fixed(bottom)}Z`;
  };
  const gains = profits.flatMap((p, i) => (p >= 0 ? [bar(i)] : []));
  const losses = profits.flatMap((p, i) => (p < 0 ? [bar(i)] : []));
  parts.push(`<path class="bar gain" d="${gains.join('')}"/>`, `<path class="bar loss" d="${losses.join('')}"/>`);
  const curve = totals.map((t, i) => `${fixed(x(i + 1))},${fixed(ySum(dollars(t)))}`);
  parts.push(`<polyline class="sum" points="${fixed(x(0))},${fixed(ySum(0))} ${curve.join(' ')}"/>`);
  if (lines.length) {
    const cx = x(peak + 1);
    parts.push(
      `<line class="cut" x1="${fixed(cx)}" x2="${fixed(cx)}" y1="${M.top}" y2="${H - M.bottom}"/>`,
      `<text class="rulelabel" x="${fixed(Math.min(cx + 4, W - M.right - 150))}" y="${M.top + 12}">` +
        `best ${count(cut.lines)}: ${money(cut.profit)}</text>`,
    );
  }
  for (const n of ticks(1, Math.max(2, lines.length)).filter((n) => n >= 1 && n <= lines.length))
    parts.push(
      `<text class="tick" x="${fixed(x(n - 0.5))}" y="${H - M.bottom + 14}" text-anchor="middle">${count(n)}</text>`,
    );
  parts.push(
    `<text class="axis" x="${(W + M.left - M.right) / 2}" y="${H - 4}" text-anchor="middle">lines, best to worst</text>`,
    `<text class="axis" transform="translate(14 ${(H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">line profit</text>`,
    `<text class="axis sum" transform="translate(${W - 8} ${(H - M.bottom) / 2}) rotate(90)" text-anchor="middle">profit so far</text>`,
  );
  const left = linesOnce(all).length - lines.length;
  const note = `${count(lines.length)} priced lines${left ? `; ${count(left)} without a price left out` : ''}`;
  const svg = `<svg id="bars" viewBox="0 0 ${W} ${H}" role="img" aria-label="profit per line, best to worst">${parts.join('')}</svg>`;
  return { svg, note, cut };
}
