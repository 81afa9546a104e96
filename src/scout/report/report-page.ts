/**
 * The lot as one self-contained HTML page: the totals, the scatter of ROI against rank with the buy rules, the bars of
 * line profit, and every line in a table (full title, every reason) that sorts and filters. Pure functions.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { count, moneyGrouped as money } from '../../util/format.js';
import { escapeHtml } from '../../util/html.js';
import type { Lot, LotFigures, LotLine } from '../lot.js';
import type { Rules } from '../verdict.js';
import { barsSvg } from './bars.js';
import { SCRIPT, STYLE } from './page-assets.js';
import { scatterSvg } from './scatter.js';

/** What the page says about how the lot was judged. */
export interface ReportContext {
  /** The manifest's name, as given. */
  manifest: string;
  rules: Rules;
  /** How the price was chosen ("buybox", "19.99"). */
  at: string;
  /** When the report was made. */
  made: Date;
}

const SORTS = { profit: 'line profit', 'unit-profit': 'unit profit', roi: 'ROI', rank: 'sales rank' } as const;
const percent = (v: number | null) => (v === null ? '-' : `${v.toFixed(1)}%`);

/** The CSP source of an inline element's text. */
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The columns of the table: heading, cell text of a line, and whether it is a figure. */
const COLUMNS: ReadonlyArray<readonly [string, (l: LotLine) => string, 'num' | 'title' | 'why' | 'verdict' | '']> = [
  ['Line', (l) => String(l.line), 'num'],
  ['Code', (l) => l.code, ''],
  ['ASIN', (l) => l.asin ?? '-', ''],
  ['Title', (l) => l.title ?? '-', 'title'],
  ['Rank', (l) => count(l.rank), 'num'],
  ['Price', (l) => money(l.price), 'num'],
  ['Fees', (l) => money(l.fees), 'num'],
  ['Cost', (l) => money(l.cost), 'num'],
  ['Profit', (l) => money(l.profit), 'num'],
  ['Qty', (l) => count(l.qty), 'num'],
  ['Line profit', (l) => money(l.lineProfit), 'num'],
  ['ROI', (l) => percent(l.roi), 'num'],
  ['Verdict', (l) => l.verdict, 'verdict'],
  ['Why', (l) => l.reasons.join('; '), 'why'],
];

/** A row of the totals: each figure in a cell named for the test and the reader (data-total="lot.profit"). */
function totalsRow(name: string, key: string, f: LotFigures): string {
  const cells: Array<[string, string]> = [
    ['lines', count(f.lines)],
    ['units', count(f.units)],
    ['cost', money(f.cost)],
    ['invested', money(f.invested)],
    ['revenue', money(f.revenue)],
    ['fees', money(f.fees)],
    ['profit', money(f.profit)],
    ['roi', percent(f.roi)],
  ];
  const tds = cells.map(([field, text]) => `<td class="num" data-total="${key}.${field}">${text}</td>`).join('');
  return `<tr><th scope="row">${name}</th>${tds}</tr>`;
}

/** The rules in words: "ROI ≥ 30%, profit ≥ 3.00 a unit, rank ≤ 100,000". */
function rulesText(rules: Rules): string {
  const parts = [
    rules.minRoi !== undefined ? `ROI ≥ ${rules.minRoi}%` : '',
    rules.minProfit !== undefined ? `profit ≥ ${money(rules.minProfit)} a unit` : '',
    rules.maxRank !== undefined ? `rank ≤ ${count(rules.maxRank)}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'none';
}

const TOTALS_HEAD = ['Lines', 'Units', 'Cost', 'Invested', 'Revenue', 'Fees', 'Profit', 'ROI'];
const VERDICTS = ['buy', 'skip', 'unknown'];

/** The totals of the lot and of its part to buy, and what they leave out. */
function totalsSection(lot: Lot, cut: { lines: number; profit: number }): string {
  const { unpriced } = lot.lot;
  const head = TOTALS_HEAD.map((h) => `<th class="num">${h}</th>`).join('');
  const unpricedNote = unpriced.lines
    ? ` ${count(unpriced.lines)} line(s) (${count(unpriced.units)} units) have no price: ` +
      `their cost, ${money(unpriced.cost)}, is counted, at no revenue.`
    : '';
  return [
    '<section><h2>The lot</h2>',
    `<div class="scroll"><table class="totals"><thead><tr><th></th>${head}</tr></thead>`,
    `<tbody>${totalsRow('Every line', 'lot', lot.lot)}${totalsRow('To buy', 'accepted', lot.accepted)}</tbody></table></div>`,
    '<p class="note">Invested is the cost with prep, inbound shipping and sales tax; profit is revenue − fees − invested.' +
      `${unpricedNote} Buying the best ${count(cut.lines)} line(s) first earns the most: ${money(cut.profit)}.</p>`,
    '</section>',
  ].join('\n');
}

/** A chart with its caption and what it leaves out. */
const figure = (caption: string, note: string, svg: string) =>
  `<figure><figcaption>${caption} <small>(${escapeHtml(note)})</small></figcaption>${svg}</figure>`;

/** Every line in a table that sorts (click a heading) and filters (type, or pick a verdict). */
function linesSection(lot: Lot): string {
  // The code column says something only where a code is not the line's ASIN (a UPC, an EAN, an ISBN).
  const columns = lot.lines.some((l) => l.code !== l.asin) ? COLUMNS : COLUMNS.filter(([title]) => title !== 'Code');
  const sorted = { profit: 'Line profit', 'unit-profit': 'Profit', roi: 'ROI', rank: 'Rank' }[lot.sort];
  const head = columns.map(([title, , kind]) => {
    const order = title === sorted ? ` aria-sort="${lot.sort === 'rank' ? 'ascending' : 'descending'}"` : '';
    return `<th scope="col"${kind === 'num' ? ' class="num"' : ''}${order}>${title}</th>`;
  });
  const rows = lot.lines.map((l) => {
    const cells = columns.map(([, text, kind]) => `<td${kind ? ` class="${kind}"` : ''}>${escapeHtml(text(l))}</td>`);
    return `<tr class="${l.verdict}">${cells.join('')}</tr>`;
  });
  const options = VERDICTS.map((v) => `<option value="${v}">${v}</option>`).join('');
  const all = count(lot.lines.length);
  return [
    '<section><h2>Every line</h2>',
    '<div class="controls">',
    '<input id="filter" type="search" placeholder="Filter: title, ASIN, code, reason" aria-label="filter the lines">',
    `<select id="verdict" aria-label="verdict"><option value="">every verdict</option>${options}</select>`,
    `<span id="shown" class="note">${all} of ${all} lines</span></div>`,
    `<div class="wide"><table id="lines"><thead><tr>${head.join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody></table></div></section>`,
  ].join('\n');
}

/** The whole page. */
export function reportPage(lot: Lot, context: ReportContext): string {
  const name = escapeHtml(basename(context.manifest));
  const scatter = scatterSvg(lot.lines, context.rules);
  const bars = barsSvg(lot.lines);
  const made = context.made.toISOString().slice(0, 16).replace('T', ' ');
  const policy = `default-src 'none'; style-src ${hashOf(STYLE)}; script-src ${hashOf(SCRIPT)}`;
  const meta =
    `Scouted ${made} UTC by inv scout · priced at ${escapeHtml(context.at)} · ` +
    `buy rules: ${escapeHtml(rulesText(context.rules))} · lines ranked by ${SORTS[lot.sort]}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${name}: the lot, scouted</title>`,
    `<style>${STYLE}</style></head>`,
    '<body>',
    `<header><h1>${name}</h1>`,
    `<p class="meta">${meta}</p></header>`,
    totalsSection(lot, bars.cut),
    '<section class="charts">',
    figure('ROI against sales rank', scatter.note, scatter.svg),
    figure('Profit per line, best to worst, and the profit so far', bars.note, bars.svg),
    '</section>',
    linesSection(lot),
    `<script>${SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
