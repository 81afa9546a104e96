/** Writes the lot's HTML report: one file, written whole (never half a page), self-contained. */
import { writeWhole } from '../../util/atomic-write.js';
import type { Lot } from '../lot.js';
import { reportPage, type ReportContext } from './report-page.js';

/** Writes the report of `lot` to `file`; resolves to its size in bytes. */
export async function writeReport(file: string, lot: Lot, context: ReportContext): Promise<{ bytes: number }> {
  const page = Buffer.from(reportPage(lot, context));
  await writeWhole(file, page, { mode: 0o644 });
  return { bytes: page.length };
}
