/** `--labels FILE` of send-to-fba (the units just sent) and of shipments show (a whole shipment). */
import type { InventoryClient } from '../api/inventory.js';
import type { SentShipment } from '../api/inventory-types.js';
import type { IO } from '../util/io.js';
import { InvError } from '../errors.js';
import { itemFacts } from './label-items.js';
import { shipmentRuns, shipmentUnits, wholeShipmentRuns, wholeShipmentUnits } from './shipment-labels.js';
import { writeLabels, type LabelOptions } from './write-labels.js';
import type { PrintEnv } from './print-labels.js';

/** Writes a heading label per shipment and one label per unit added; a failure here says the stock was sent all the same. */
export async function labelsAfterSend(
  client: InventoryClient,
  result: Record<string, SentShipment>,
  options: LabelOptions,
  io: IO,
  progress?: NodeJS.WritableStream,
  print?: Omit<PrintEnv, 'reprint'>,
): Promise<string> {
  try {
    const shipments = shipmentUnits(result, 'the doSendToFBA answer');
    return await writeLabels(
      shipmentRuns(
        shipments,
        await itemFacts(
          client,
          shipments.map((s) => s.msku),
        ),
      ),
      // The units just sent are new units: their labels are printed even when an earlier send's were the same job.
      { ...options, reprint: true },
      io,
      progress,
      print,
    );
  } catch (error) {
    throw new InvError(
      `the stock was sent, but its labels were not ${options.printer ? 'printed' : 'written'}: ${(error as Error).message}`,
      'save the result with --json and make the labels with `inv labels --from FILE --out LABELS.pdf` (or --printer);' +
        ' do not send again',
    );
  }
}

/** Writes a heading label and a label for every unit of one shipment; mskus without an fnsku are passed to `skipped`. */
export async function shipmentLabels(
  client: InventoryClient,
  detail: Parameters<typeof wholeShipmentUnits>[0],
  options: LabelOptions,
  io: IO,
  skipped: (msku: string) => Promise<void>,
  progress?: NodeJS.WritableStream,
): Promise<string> {
  const { shipments, unlabelled } = wholeShipmentUnits(detail);
  for (const msku of unlabelled) await skipped(msku);
  if (shipments.length === 0) throw new InvError(`shipment ${detail.shipmentId} holds no units to label`);
  return writeLabels(
    wholeShipmentRuns(
      shipments,
      await itemFacts(
        client,
        shipments.map((s) => s.msku),
      ),
    ),
    options,
    io,
    progress,
  );
}
