/** A count from a CSV file: columns code,quantity, the code an msku, FNSKU or UPC/EAN; rows of one msku add up. */
import { readCsv } from '../csv/csv-input.js';
import { UsageError } from '../errors.js';
import { binCodeId } from '../api/bin-code.js';
import { mskuOf } from './count-codes.js';

/** Units counted per msku in `file` ("-": `stdin`); a row naming no known code, or a bad quantity, refuses the file. */
export async function readCountFile(
  file: string,
  stdin: NodeJS.ReadableStream,
  codes: ReadonlyMap<string, string>,
): Promise<Map<string, number>> {
  const flag = `--file ${file === '-' ? 'stdin' : file}`;
  const header = (columns: string[]) => {
    const lower = columns.map((c) => c.toLowerCase());
    for (const needed of ['code', 'quantity'])
      if (!lower.includes(needed))
        throw new UsageError(
          `${flag}: the header row needs a ${needed} column (columns: ${lower.join(', ') || 'none'})`,
        );
    return lower;
  };
  const hint = 'fix the file and run the same command again: nothing was set';
  const counted = new Map<string, number>();
  for await (const { line, record } of readCsv(file, file === '-' ? stdin : flag, { header, hint })) {
    const where = `${flag} row ${line}`;
    const code = (record.code ?? '').trim();
    if (binCodeId(code)) throw new UsageError(`${where}: "${code}" is a bin code, not a unit`, hint);
    const msku = code ? mskuOf(codes, code) : undefined;
    if (!msku) throw new UsageError(`${where}: code "${code}" is no item's msku, FNSKU or UPC/EAN`, hint);
    const quantity = (record.quantity ?? '').trim();
    if (!/^\d{1,9}$/.test(quantity))
      throw new UsageError(`${where}: quantity "${quantity}" must be a whole number, 0 or more`, hint);
    counted.set(msku, (counted.get(msku) ?? 0) + Number(quantity));
  }
  return counted;
}
