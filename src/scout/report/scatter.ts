/**
 * The report's scatter, drawn as SVG by hand: each priced line's ROI against its sales rank (a log scale), coloured by
 * verdict, with the buy rules (least ROI, worst rank) drawn as lines over the region they leave to buy. Pure functions.
 */
import { escapeHtml } from '../../util/html.js';
import { count } from '../../util/format.js';
import type { LotLine } from '../lot.js';
import type { Rules } from '../verdict.js';
import { niceRange, ticks } from './axis.js';

const W = 720;
const H = 340;
const M = { left: 56, right: 16, top: 14, bottom: 40 };
const fixed = (n: number) => (Math.round(n * 10) / 10).toString();

/** "1", "10", "1k", "10M": a power of ten as an axis reads it. */
function decade(power: number): string {
  const n = 10 ** power;
  return n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n);
}

/** The ROI axis: from -100 % (or lower data) to a top that leaves out only the few highest ROIs (drawn on the edge). */
function roiRange(rois: number[], minRoi: number | undefined): [number, number] {
  const sorted = [...rois].sort((a, b) => a - b);
  const high = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! : 100;
  return niceRange(Math.min(-100, sorted[0] ?? 0), Math.max(100, (minRoi ?? 0) * 2, high * 1.1));
}

/** The scatter of ROI against sales rank, with the rules as dashed lines; lines without both are counted in the note. */
export function scatterSvg(lines: readonly LotLine[], rules: Rules): { svg: string; note: string } {
  const plotted = lines.filter((l) => l.roi !== null && l.rank !== null && l.rank > 0);
  const ranks = plotted.map((l) => l.rank!);
  const lo = Math.floor(Math.log10(Math.min(...ranks, rules.maxRank ?? Infinity, 1e3)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...ranks, rules.maxRank ?? 1, 1e4))));
  const [yLo, yHi] = roiRange(
    plotted.map((l) => l.roi!),
    rules.minRoi,
  );
  const x = (rank: number) => M.left + ((Math.log10(rank) - lo) / (hi - lo)) * (W - M.left - M.right);
  const y = (roi: number) =>
    M.top + (1 - (Math.min(Math.max(roi, yLo), yHi) - yLo) / (yHi - yLo)) * (H - M.top - M.bottom);
  const parts: string[] = [];
  // The region the rules leave to buy, then the grid and the axes' labels.
  const ruleX = rules.maxRank !== undefined ? x(rules.maxRank) : W - M.right;
  const ruleY = rules.minRoi !== undefined ? y(rules.minRoi) : M.top;
  parts.push(
    `<rect class="buyzone" x="${M.left}" y="${M.top}" width="${fixed(ruleX - M.left)}" height="${fixed(ruleY - M.top)}"/>`,
  );
  for (let p = lo; p <= hi; p++)
    parts.push(
      `<line class="grid" x1="${fixed(x(10 ** p))}" x2="${fixed(x(10 ** p))}" y1="${M.top}" y2="${H - M.bottom}"/>`,
      `<text class="tick" x="${fixed(x(10 ** p))}" y="${H - M.bottom + 16}" text-anchor="middle">${decade(p)}</text>`,
    );
  for (const v of ticks(yLo, yHi))
    parts.push(
      `<line class="grid${v === 0 ? ' zero' : ''}" x1="${M.left}" x2="${W - M.right}" y1="${fixed(y(v))}" y2="${fixed(y(v))}"/>`,
      `<text class="tick" x="${M.left - 6}" y="${fixed(y(v) + 4)}" text-anchor="end">${count(Math.round(v))}%</text>`,
    );
  parts.push(
    `<text class="axis" x="${(W + M.left) / 2}" y="${H - 4}" text-anchor="middle">sales rank (lower sells faster)</text>`,
    `<text class="axis" transform="translate(14 ${(H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">ROI</text>`,
  );
  // Worst first, so that the buys are drawn on top.
  const order = { unknown: 0, skip: 1, buy: 2 };
  for (const l of [...plotted].sort((a, b) => order[a.verdict] - order[b.verdict])) {
    const tip = `line ${l.line} · ${l.asin ?? l.code} · ROI ${l.roi}% · rank ${count(l.rank)}`;
    const edge = l.roi! > yHi || l.roi! < yLo ? ' edge' : '';
    parts.push(
      `<circle class="pt ${l.verdict}${edge}" cx="${fixed(x(l.rank!))}" cy="${fixed(y(l.roi!))}" r="3">` +
        `<title>${escapeHtml(tip)}</title></circle>`,
    );
  }
  if (rules.minRoi !== undefined)
    parts.push(
      `<line class="rule" data-rule="minRoi" x1="${M.left}" x2="${W - M.right}" y1="${fixed(ruleY)}" y2="${fixed(ruleY)}"/>`,
      `<text class="rulelabel" x="${M.left + 4}" y="${fixed(ruleY - 5)}">least ROI ${rules.minRoi}%</text>`,
    );
  if (rules.maxRank !== undefined)
    parts.push(
      `<line class="rule" data-rule="maxRank" x1="${fixed(ruleX)}" x2="${fixed(ruleX)}" y1="${M.top}" y2="${H - M.bottom}"/>`,
      `<text class="rulelabel" x="${fixed(ruleX - 4)}" y="${M.top + 12}" text-anchor="end">worst rank ${count(rules.maxRank)}</text>`,
    );
  const over = plotted.filter((l) => l.roi! > yHi).length;
  const left = lines.length - plotted.length;
  const note = [
    `${count(plotted.length)} lines plotted`,
    over ? `${count(over)} with an ROI above ${count(yHi)}% drawn on the top edge (hollow)` : '',
    left ? `${count(left)} without an ROI or a sales rank left out` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const svg = `<svg id="scatter" viewBox="0 0 ${W} ${H}" role="img" aria-label="ROI against sales rank">${parts.join('')}</svg>`;
  return { svg, note };
}
