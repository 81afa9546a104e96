/**
 * Carton labels as ZPL II for a 4 × 6 in roll at 203 dpi: text in font 0, the box id a printer-drawn
 * Code 128 (^BC), the contents a PDF417 (^B7, security level 6) with modules of 5 dots (0.0246 in:
 * 4 dots would be 0.0197 in, under Amazon's 0.020 in).
 */
import { field } from '../labels/zpl.js';
import type { CartonLabel } from './cartons.js';
import { boxFacts } from './cartons.js';
import type { SymbolRoom } from './contents.js';
import { code128 } from '../labels/code128.js';
import { COLUMN_MODULES, EC_LEVEL, OVERHEAD_MODULES, ROW_HEIGHT } from './pdf417.js';

const WIDTH = 812;
const HEIGHT = 1218;
const PAD = 30;
const MODULE = 5;
const SYMBOL_TOP = 470;

/** The room a ZPL contents symbol has: fewer columns than the PDF's, as its modules are wider. */
export const ZPL_ROOM: SymbolRoom = {
  columns: Math.floor(((WIDTH - 2 * PAD) / MODULE - 4 - OVERHEAD_MODULES) / COLUMN_MODULES),
  // A printer's encoder may pick other compaction modes than bwip-js: 4 rows are kept spare.
  maxRows: Math.floor((HEIGHT - PAD - SYMBOL_TOP) / (ROW_HEIGHT * MODULE)) - 4,
};

function text(x: number, y: number, size: number, value: string, width: number, align: 'L' | 'R' | 'C' = 'L'): string {
  const chars = Math.floor(width / (size * 0.6));
  const shown = value.length <= chars ? value : value.slice(0, Math.max(0, chars - 3)) + '...';
  return `^FO${x},${y}^A0N,${size},${size}^FB${width},1,0,${align}${field(shown)}`;
}

function carton(label: CartonLabel): string[] {
  const inner = WIDTH - 2 * PAD;
  const half = Math.floor((inner - 20) / 2);
  const out = ['^XA', '^CI28', `^PW${WIDTH}`, `^LL${HEIGHT}`, '^LH0,0'];
  out.push(text(PAD, PAD, 18, 'SHIP FROM:', half), text(PAD + half + 20, PAD, 18, 'SHIP TO:', half));
  label.shipFrom.slice(0, 5).forEach((line, i) => out.push(text(PAD, PAD + 24 + i * 26, 22, line, half)));
  label.shipTo.slice(0, 5).forEach((line, i) => out.push(text(PAD + half + 20, PAD + 24 + i * 26, 24, line, half)));
  out.push(`^FO${PAD},190^GB${inner},3,3^FS`);
  out.push(
    text(PAD, 200, 18, 'FBA SHIPMENT', inner),
    text(PAD, 222, 42, label.shipmentId, inner),
    text(PAD, 222, 42, `BOX ${label.box.box} OF ${label.boxes}`, inner, 'R'),
  );
  const units = label.box.items.reduce((n, i) => n + i.quantity, 0);
  const parts = label.parts > 1 ? `  contents ${label.part} of ${label.parts}` : '';
  out.push(
    text(
      PAD,
      272,
      22,
      `${boxFacts(label.box).replaceAll('·', '-')}  ${units} units${parts}`,
      label.box.teamLift ? inner - 180 : inner,
    ),
  );
  if (label.box.teamLift)
    out.push(
      `^FO${WIDTH - PAD - 170},266^GB170,34,34^FS`,
      `^FO${WIDTH - PAD - 170},272^A0N,26,26^FR^FB170,1,0,C^FDTEAM LIFT^FS`,
    );
  out.push(`^FO${PAD},306^GB${inner},3,3^FS`);
  // Subset B (>:), as the PDF's symbol: the width placed here is the one the printer draws.
  out.push(
    `^FO${Math.round((WIDTH - code128(label.box.boxId).modules * 3) / 2)},322^BY3,3,100^BCN,100,Y,N,N,N^FD>:${label.box.boxId}^FS`,
  );
  out.push(`^FO${PAD},455^GB${inner},3,3^FS`);
  const { matrix } = label.symbol;
  const x = Math.round((WIDTH - matrix.width * MODULE) / 2);
  const columns = (matrix.width - OVERHEAD_MODULES) / COLUMN_MODULES;
  out.push(
    `^FO${x},${SYMBOL_TOP + 10}^BY${MODULE}^B7N,${ROW_HEIGHT * MODULE},${EC_LEVEL},${columns},,N^FD${label.symbol.text}^FS`,
  );
  out.push('^XZ');
  return out;
}

/** The labels as ZPL (UTF-8, ^CI28), one ^XA…^XZ format each. */
export function renderCartonZpl(labels: readonly CartonLabel[]): string {
  return labels.map((l) => carton(l).join('\n')).join('\n') + '\n';
}
