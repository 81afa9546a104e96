/** How a scouted manifest reads: the lines as a table (or every field), and the totals of the lot and its accepted part. */
import { count, money } from '../../util/format.js';
import type { Column, View } from '../../cli/output/view.js';
import type { Lot, LotFigures, LotLine } from '../../scout/lot.js';

const roi = (v: unknown) => (typeof v === 'number' ? v.toFixed(1) : '-');
const reasons = (v: unknown) => (v as string[] | undefined)?.join('; ') ?? '';

/**
 * The columns of a terminal, most wanted first where they must go: a narrow terminal drops those with the lowest
 * `priority` first; the title and the reasons are never dropped, they wrap.
 */
const COLUMNS: Column[] = [
  { key: 'line', header: 'line', align: 'right', priority: 2 },
  { key: 'asin', header: 'asin', priority: 7 },
  { key: 'title', header: 'title', wrap: 20 },
  { key: 'rank', header: 'rank', format: count, align: 'right', priority: 3 },
  { key: 'price', header: 'price', format: money, align: 'right', priority: 4 },
  { key: 'fees', header: 'fees', format: money, align: 'right', priority: 1 },
  { key: 'cost', header: 'cost', format: money, align: 'right', priority: 5 },
  { key: 'profit', header: 'profit', format: money, align: 'right', priority: 6 },
  { key: 'qty', header: 'qty', align: 'right', priority: 8 },
  { key: 'lineProfit', header: 'line profit', format: money, align: 'right', priority: 10 },
  { key: 'roi', header: 'roi %', format: roi, align: 'right', priority: 9 },
  { key: 'verdict', header: 'verdict' },
  { key: 'reasons', header: 'why', format: reasons, wrap: 16 },
];

/** `-o wide`: every figure of a line, nothing cut. */
const WIDE: Column[] = [
  { key: 'line', header: 'line', align: 'right' },
  { key: 'code', header: 'code' },
  { key: 'asin', header: 'asin' },
  { key: 'title', header: 'title' },
  { key: 'category', header: 'category' },
  { key: 'rank', header: 'rank', format: count, align: 'right' },
  { key: 'weight', header: 'weight', align: 'right' },
  { key: 'price', header: 'price', format: money, align: 'right' },
  { key: 'fees', header: 'fees', format: money, align: 'right' },
  { key: 'cost', header: 'cost', format: money, align: 'right' },
  { key: 'prep', header: 'prep', format: money, align: 'right' },
  { key: 'inbound', header: 'inbound', format: money, align: 'right' },
  { key: 'tax', header: 'tax', format: money, align: 'right' },
  { key: 'profit', header: 'profit', format: money, align: 'right' },
  { key: 'qty', header: 'qty', align: 'right' },
  { key: 'lineInvested', header: 'line invested', format: money, align: 'right' },
  { key: 'lineProfit', header: 'line profit', format: money, align: 'right' },
  { key: 'roi', header: 'roi %', format: roi, align: 'right' },
  { key: 'margin', header: 'margin %', format: roi, align: 'right' },
  { key: 'verdict', header: 'verdict' },
  { key: 'reasons', header: 'why', format: reasons },
];

/** Manifest lines, ranked. */
export const MANIFEST_VIEW: View<LotLine> = {
  kind: 'list',
  fields: [
    'line',
    'code',
    'qty',
    'asin',
    'title',
    'rank',
    'category',
    'weight',
    'price',
    'priceSource',
    'fees',
    'feesSource',
    'cost',
    'prep',
    'inbound',
    'tax',
    'profit',
    'roi',
    'margin',
    'lineInvested',
    'lineProfit',
    'verdict',
    'reasons',
    'kind',
  ],
  columns: COLUMNS,
  wideColumns: WIDE,
};

/** The figures of a lot under a name, as a row of the summary. */
function figureCells(name: string, f: LotFigures, invested: boolean): string[] {
  return [
    name,
    count(f.lines),
    count(f.units),
    money(f.cost),
    ...(invested ? [money(f.invested)] : []),
    money(f.revenue),
    money(f.fees),
    money(f.profit),
    f.roi === null ? '-' : `${f.roi.toFixed(1)}%`,
  ];
}

/** The totals as an aligned block for a terminal: the lot, the part to buy, and what has no price. */
export function summaryBlock(lot: Lot): string {
  const invested = lot.lot.invested !== lot.lot.cost;
  const head = ['', 'lines', 'units', 'cost', ...(invested ? ['invested'] : []), 'revenue', 'fees', 'profit', 'ROI'];
  const rows = [head, figureCells('lot', lot.lot, invested), figureCells('to buy', lot.accepted, invested)];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
  const { unpriced } = lot.lot;
  if (unpriced.lines > 0)
    lines.push(
      `no price for ${count(unpriced.lines)} line(s), ${count(unpriced.units)} unit(s): their cost ${money(unpriced.cost)} ` +
        'is counted, at no revenue',
    );
  return lines.join('\n');
}

/** The figures of a lot on one line: "1,520 lines, 4,210 units: cost 8,420.00, …, ROI 97.3%". */
export function figuresText(f: LotFigures): string {
  const invested = f.invested !== f.cost ? `, invested ${money(f.invested)}` : '';
  const roiText = f.roi === null ? '-' : `${f.roi.toFixed(1)}%`;
  return (
    `${count(f.lines)} lines, ${count(f.units)} units: cost ${money(f.cost)}${invested}, revenue ${money(f.revenue)}, ` +
    `fees ${money(f.fees)}, profit ${money(f.profit)}, ROI ${roiText}`
  );
}
