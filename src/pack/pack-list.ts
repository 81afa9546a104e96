/**
 * The pack list Seller Central takes as a tab-separated upload: a header block (shipment, name, plan,
 * ship-to, totals), a blank line, a row per msku with a "<box id> - Unit Quantity" column per box (and
 * "<box id> - Expiration Date" where a product expires), then the boxes' weight and side rows.
 * Its layout and source are in docs/decisions.md.
 */
import type { Packing } from './packing-types.js';
import { spreadsheetSafe } from '../util/sanitize.js';

export interface ItemFacts {
  title: string;
  asin: string;
  condition: string;
}

const PRODUCT_COLUMNS = [
  'Merchant SKU',
  'Title',
  'ASIN',
  'FNSKU',
  'external-id',
  'Condition',
  'Who will prep?',
  'Prep Type',
  'Who will label?',
  'Shipped',
];

/** A cell safe in a TSV: no tabs or line breaks, and formula-safe by the one rule (server text is data). */
function cell(value: string | number): string {
  return spreadsheetSafe(String(value).replace(/[\t\r\n]+/g, ' '));
}

/** "2026-03-01" → "03/01/26", as the template's expiration columns take it. */
function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;
}

/** The pack list of a packing; `facts` gives each msku's title, ASIN and condition. */
export function packListTsv(packing: Packing, facts: ReadonlyMap<string, ItemFacts>, name: string): string {
  const mskus = [...new Set(packing.boxes.flatMap((b) => b.items.map((i) => i.msku)))];
  const expires = packing.boxes.some((b) => b.items.some((i) => i.exp));
  const units = packing.boxes.reduce((n, b) => n + b.items.reduce((m, i) => m + i.quantity, 0), 0);
  const rows: Array<Array<string | number>> = [
    ['Shipment ID', packing.shipmentId],
    ['Name', name],
    ['Plan ID', ''],
    ['Ship To', packing.center ?? packing.shipTo[0] ?? ''],
    ['Total SKUs', mskus.length],
    ['Total Units', units],
    ['Pack list', '1 of 1'],
    [],
  ];
  const boxColumns = packing.boxes.flatMap((b) =>
    expires
      ? [`${b.boxId} - Unit Quantity`, `${b.boxId} - Expiration Date (MM/DD/YY)`]
      : [`${b.boxId} - Unit Quantity`],
  );
  rows.push([...PRODUCT_COLUMNS, ...boxColumns]);
  for (const msku of mskus) {
    const inBoxes = packing.boxes.map((b) => b.items.filter((i) => i.msku === msku));
    const fnsku = inBoxes.flat()[0]!.fnsku;
    const shipped = inBoxes.flat().reduce((n, i) => n + i.quantity, 0);
    const fact = facts.get(msku);
    const perBox = inBoxes.flatMap((items) => {
      const qty = items.reduce((n, i) => n + i.quantity, 0);
      const exp = items.find((i) => i.exp)?.exp;
      return expires ? [qty || '', exp ? usDate(exp) : ''] : [qty || ''];
    });
    rows.push([
      msku,
      fact?.title ?? '',
      fact?.asin ?? '',
      fnsku,
      '',
      fact?.condition ?? '',
      'Merchant',
      '',
      'Merchant',
      shipped,
      ...perBox,
    ]);
  }
  rows.push([]);
  const pad = PRODUCT_COLUMNS.length - 1;
  const fact = (label: string, value: (b: Packing['boxes'][number]) => number) =>
    rows.push([
      label,
      ...Array<string>(pad).fill(''),
      ...packing.boxes.flatMap((b) => (expires ? [value(b), ''] : [value(b)])),
    ]);
  fact('Box weight (lb)', (b) => b.weightLb);
  fact('Box length (in)', (b) => b.lengthIn);
  fact('Box width (in)', (b) => b.widthIn);
  fact('Box height (in)', (b) => b.heightIn);
  return rows.map((row) => row.map(cell).join('\t')).join('\n') + '\n';
}
