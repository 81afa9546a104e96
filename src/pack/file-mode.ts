/** File mode from start to end: read both files, fetch the shipment, check everything, then write the outputs asked for. */
import type { InventoryClient } from '../api/inventory.js';
import type { IO } from '../util/io.js';
import { checkPacking, type PackOptions } from './check.js';
import { packListTsv } from './pack-list.js';
import { readBoxes, readContents } from './read.js';
import { packListFacts, shipmentFacts } from './shipment.js';
import type { Packing } from './packing-types.js';
import { writeCartons, writeOutput } from './write-outputs.js';
import type { Outputs } from './carton-outputs.js';
import type { PrintEnv } from '../labels/print-labels.js';

export interface FileModeInput extends PackOptions {
  shipment: string;
  file: string;
  boxes: string;
  /** --delimiter of both files; sniffed when absent. */
  delimiter?: string;
}

/** Reads and checks a packing from files: nothing is written, and the first fault is a UsageError naming its row, box and msku. */
export async function packFromFiles(client: InventoryClient, input: FileModeInput): Promise<Packing> {
  const [contents, boxes] = await Promise.all([
    readContents(input.file, input.delimiter),
    readBoxes(input.boxes, input.delimiter),
  ]);
  return checkPacking(await shipmentFacts(client, input.shipment), contents, boxes, input);
}

/**
 * Writes the labels and the pack list of a checked packing (the pack list is made before either is written); returns
 * lines for the user.
 */
export async function writeOutputs(
  client: InventoryClient,
  packing: Packing,
  outputs: Outputs,
  shipFrom: string[],
  io: IO,
  onBox?: () => void,
  print?: Omit<PrintEnv, 'reprint'>,
): Promise<string[]> {
  const said: string[] = [];
  const list =
    outputs.packList === undefined
      ? undefined
      : packListTsv(
          packing,
          await packListFacts(
            client,
            packing.boxes.flatMap((b) => b.items.map((i) => i.msku)),
          ),
          `inv pack ${packing.shipmentId}`,
        );
  if (outputs.labels) {
    const { count, printed } = await writeCartons(packing, { ...outputs.labels, shipFrom }, io, onBox, print);
    const where = outputs.labels.out === '-' ? 'stdout' : outputs.labels.out;
    const kind = outputs.labels.format === 'zpl' ? 'ZPL, 4x6' : outputs.labels.layout;
    said.push(`${count} carton label${count === 1 ? '' : 's'} (${kind}) ${printed ?? `written to ${where}`}`);
  }
  if (list !== undefined) {
    await writeOutput(outputs.packList!, list);
    said.push(`pack list written to ${outputs.packList}`);
  }
  return said;
}
