/** The label runs of bins: one label per location, its bin code as the barcode. */
import type { Location } from '../api/inventory-types.js';
import { binCode } from '../api/bin-code.js';
import { printable, type LabelRun } from './content.js';

/** One label for each location, in the order given. */
export function binRuns(locations: readonly Location[]): LabelRun[] {
  return locations.map((l) => ({
    label: { kind: 'bin', code: binCode(l.id), name: printable(l.display), type: printable(l.type ?? '') },
    copies: 1,
  }));
}
