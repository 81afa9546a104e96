/** --labels FILE and --labels-layout, as `inv send-to-fba` and `inv shipments show` declare them. */
import { LAYOUT_NAMES } from '../../labels/layouts.js';
import { choiceOption, fileOption } from '../../cli/option-kinds.js';

/** The label file (`what` says which labels go in it) and its layout. */
export function labelFileOptions(what: string) {
  return {
    labels: fileOption('--labels <file>', `${what} (PDF, or ZPL for a .zpl file)`),
    labelsLayout: choiceOption('--labels-layout <layout>', 'layout of --labels (default: avery-5160)', LAYOUT_NAMES),
  };
}
