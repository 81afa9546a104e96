/** `inv send-to-fba --labels FILE`: the labels of the units just sent, written after the send succeeded. */
import type { InventoryClient } from '../api/inventory.js';
import type { SentShipment } from '../api/inventory-types.js';
import type { IO } from '../cli/io.js';
import { InvError } from '../errors.js';
import { itemFacts } from './items.js';
import { shipmentRuns, shipmentUnits } from './shipment-labels.js';
import { writeLabels, type LabelOptions } from './write.js';

/** Writes a heading label per shipment and one label per unit added; a failure here says the stock was sent all the same. */
export async function labelsAfterSend(client: InventoryClient, result: Record<string, SentShipment>, options: LabelOptions, io: IO): Promise<string> {
  try {
    const shipments = shipmentUnits(result, 'the doSendToFBA answer');
    return await writeLabels(shipmentRuns(shipments, await itemFacts(client, shipments.map((s) => s.msku))), options, io);
  } catch (error) {
    throw new InvError(`the stock was sent, but its labels were not written: ${(error as Error).message}`, 'save the result with --json and make the labels with `inv labels --from FILE --out LABELS.pdf`; do not send again');
  }
}
