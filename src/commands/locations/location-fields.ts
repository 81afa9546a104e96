/** The location field flags, shared by `inv locations create` and `inv locations update`. */
import { choiceOption, fileOption } from '../../cli/option-kinds.js';
import type { Command } from 'commander';
import { LOCATION_TYPES } from '../../api/constants.js';
import { defined } from '../../cli/request-body.js';

export interface LocationFlags {
  file?: string;
  display?: string;
  type?: string;
  order?: string;
  ref?: string;
  notes?: string;
}

/** Adds the field flags and --file to a command. */
export function locationOptions(command: Command): Command {
  return command
    .option('--display <name>', 'friendly name (max 255)')
    .addOption(choiceOption('--type <type>', 'the kind of location', LOCATION_TYPES))
    .option('--order <n>', 'sort order, 0 to 32767')
    .option('--ref <ref>', 'reference: FBA shipment id, purchase order number, …')
    .option('--notes <text>', 'notes')
    .addOption(fileOption('--file <file>', 'fields as a JSON object ("-" for stdin); flags override it'));
}

/** The fields given as flags (those not given are left out). */
export function locationFields(flags: LocationFlags): Record<string, unknown> {
  return defined({ display: flags.display, type: flags.type, order: flags.order, ref: flags.ref, notes: flags.notes });
}
