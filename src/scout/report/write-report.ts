/** Writes the lot's HTML report: one file, written whole (never half a page), self-contained. */
import { rename, writeFile } from 'node:fs/promises';
import type { Lot } from '../lot.js';
import { reportPage, type ReportContext } from './report-page.js';

/** Writes the report of `lot` to `file`; resolves to its size in bytes. */
export async function writeReport(file: string, lot: Lot, context: ReportContext): Promise<{ bytes: number }> {
  const page = Buffer.from(reportPage(lot, context));
  await writeFile(`${file}.tmp`, page, { mode: 0o644 });
  await rename(`${file}.tmp`, file);
  return { bytes: page.length };
}
