/** Scan mode of inv pack on a terminal (placeholder until the session is built). */
import type { InventoryClient } from '../../api/inventory.js';
import type { Ctx } from '../../cli/context.js';
import { InputNeededError } from '../../errors.js';
import type { Packing } from '../../pack/types.js';

/** Runs a scan session and returns its packing. */
export async function scanSession(_ctx: Ctx, _client: InventoryClient, _options: { shipment: string }): Promise<Packing> {
  throw new InputNeededError('the box contents', '--file CONTENTS.csv --boxes BOXES.csv');
}
