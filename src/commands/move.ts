/** inv move MSKU QTY --from LOC|--from-purchase ID --to LOC, or a batch: inv move --file FILE|-. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { againOption, batchInputOptions, batchNameOption } from './batch/options.js';
import { addOptions, fileOption, nameOption, switchOption, textOption } from '../cli/option-kinds.js';
import { numberOption } from '../cli/option-numbers.js';
import type { Meta } from '../cli/command.js';
import type { Ctx } from '../cli/ctx.js';
import { canPrompt } from '../cli/prompt.js';
import { parseBatch, runBatch, type BatchFlags } from './move-file.js';
import type { MoveBatchRequest } from '../batch/moves/move-batch.js';
import type { MoveScanOptions } from './move-scan.js';
import { DELIMITER_HELP, mskuArg } from '../cli/request-body.js';
import type { InventoryClient } from '../api/inventory.js';
import type { ItemLocation } from '../api/inventory-types.js';
import type { LocationNames } from '../api/location-names.js';
import { count } from '../util/format.js';
import type { Column } from '../cli/output/view.js';
import { showsNames } from './stock/stock-views.js';
import { ITEM_LOCATION_VIEW } from './shared/item-location-view.js';
import { checkSource, heldPerLocation, locationArg, parseQuantity } from './shared/stock-source.js';

type MoveSide = {
  side: 'from' | 'to';
  location: string;
  locationId: string | null;
  quantity: string | null;
};

/** A move's table: source and destination by name, each with its quantity after the move. */
const MOVE_COLUMNS: Column[] = [
  { key: 'side', header: '' },
  { key: 'location', header: 'location' },
  { key: 'locationId', header: 'id', align: 'right' },
  { key: 'quantity', header: 'quantity after', format: count, align: 'right' },
];

/** Source and destination after a move (the source read again: the move's answer holds only the destination). */
async function moveSides(
  client: InventoryClient,
  names: LocationNames,
  destination: ItemLocation,
  from: string | undefined,
  purchase: string | undefined,
): Promise<MoveSide[]> {
  const { stockAt } = await import('../api/stock.js');
  const locations = await names.byId();
  const name = (id: string) => locations.get(id)?.display ?? `#${id}`;
  const source: MoveSide = from
    ? {
        side: 'from',
        location: name(from),
        locationId: from,
        quantity: (await stockAt(client, destination.msku, from).catch(() => undefined))?.quantity ?? null,
      }
    : { side: 'from', location: `purchase ${purchase}`, locationId: null, quantity: null };
  return [
    source,
    {
      side: 'to',
      location: name(destination.locationId),
      locationId: destination.locationId,
      quantity: destination.quantity,
    },
  ];
}

export interface MoveFlags extends BatchFlags {
  scan?: boolean;
  from?: string;
  fromPurchase?: string;
  to?: string;
}

/** One move: the item, how many, and the locations as given (names are found, missing ones asked for, in run). */
export interface OneMove {
  kind: 'one';
  msku: string;
  quantity: number;
  from: string | undefined;
  fromPurchase: string | undefined;
  to: string | undefined;
}

/** What `inv move` does: one move, or a batch of them from a file. */
export type MoveOptions = OneMove | { kind: 'batch'; request: MoveBatchRequest } | ({ kind: 'scan' } & MoveScanOptions);

export const meta: Meta = {
  name: 'move',
  args: [
    ['[msku]', 'the item'],
    ['[quantity]', 'how many units'],
  ],
  summary: 'receive stock from a purchase, move it between locations, or run a batch of moves from a file',
};

/** Options of `inv move` (declared from `meta`). */
export function setup(command: Command): void {
  const { format, encoding } = batchInputOptions('batch: ');
  addOptions(command, {
    from: nameOption('--from <location>', 'source location (id or name)', 'locations'),
    fromPurchase: textOption(
      '--from-purchase <purchaseId>',
      'receive from this purchase instead (with --scan: every leg, units then their bin)',
    ),
    to: nameOption('--to <location>', 'destination location (id or name)', 'locations'),
    scan: switchOption(
      '--scan',
      'scanned legs: a source bin, its units, the destination bin; Enter or Tab ends a scan (stdin without a terminal)',
    ),
    file: fileOption(
      '--file <file>',
      'run a batch: CSV (msku,quantity,from,to or fromPurchaseId) or NDJSON; - for stdin',
    ),
    format,
    batch: batchNameOption(),
    again: againOption(),
    encoding,
  });
  command
    .option('--delimiter <char>', `batch: ${DELIMITER_HELP}`)
    .option('--dry-run', 'batch: check every row against the journal and the current state; change nothing')
    .option(
      '--retry-in-doubt',
      'batch: send again the rows that an earlier run sent without an answer (asks; --yes in scripts)',
    )
    .addOption(numberOption('--concurrency <n>', 'batch: moves in flight at once', { min: 1, max: 64 }).default(8))
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  inv move MUG-BLUE-11OZ 10 --from "Shelf A1" --to "Shelf A2"',
        '  inv move MUG-BLUE-11OZ 50 --from-purchase 5001 --to 1',
        '  inv move --file moves.csv --dry-run && inv move --file moves.csv',
        '  inv move --file replenish.csv --batch "replenish-$(date +%F)"',
        '  inv move --scan                                # on a terminal: each leg sent as it closes; run again to resume',
        '  inv move --scan --from-purchase 5001           # a putaway: units, then the bin they go in, leg after leg',
        '  inv move --scan < scanner.log                  # LOC-1, units, LOC-2, …; an empty line ends',
        '',
        'A batch is its key: the account and its --batch name, or without one the content of its rows. The same key run again,',
        'from here or another machine, continues it (rows done skipped, failed rows sent again, rows in doubt held unless',
        '--retry-in-doubt) or, once it finished, sends nothing and exits 0. Unnamed rows finished over 12 hours ago are new',
        'work. --again runs a finished batch once more. See `inv batch list`, `inv batch show NAME`.',
      ].join('\n'),
    );
}

/** One move, or with --file a batch; flags of the other kind are refused. */
export function parse([msku, quantity]: unknown[], flags: MoveFlags): MoveOptions {
  if (flags.scan) {
    if (flags.file !== undefined || msku !== undefined || flags.from || flags.to)
      throw new UsageError('--scan reads the moves from the scanner: give no move, --file, --from or --to with it');
    return {
      kind: 'scan',
      purchase: flags.fromPurchase === undefined ? undefined : purchaseId(flags.fromPurchase),
      retryInDoubt: Boolean(flags.retryInDoubt),
      concurrency: flags.concurrency,
      again: Boolean(flags.again),
    };
  }
  if (flags.file !== undefined) {
    const moveGiven = msku !== undefined || Boolean(flags.from || flags.to || flags.fromPurchase);
    return { kind: 'batch', request: parseBatch(flags.file, flags, moveGiven) };
  }
  if (flags.dryRun || flags.retryInDoubt || flags.batch || flags.encoding || flags.delimiter || flags.again)
    throw new UsageError('--dry-run, --retry-in-doubt, --batch, --again, --encoding and --delimiter go with --file');
  if (msku === undefined || quantity === undefined)
    throw new UsageError(
      'give MSKU and QUANTITY (or --file for a batch)',
      'e.g. inv move MUG-BLUE-11OZ 10 --from 1 --to 2',
    );
  checkSource(flags);
  return {
    kind: 'one',
    msku: mskuArg(msku),
    quantity: parseQuantity(quantity as string),
    from: flags.from,
    fromPurchase: flags.fromPurchase,
    to: flags.to,
  };
}

/** A --from-purchase value: a purchase id (a positive whole number). */
function purchaseId(value: string): string {
  if (!/^[1-9]\d{0,15}$/.test(value.trim()))
    throw new UsageError(`--from-purchase: "${value}" must be a purchase id (a positive whole number)`);
  return value.trim();
}

/** Makes the move (locations by name or picked on a terminal) and shows both sides, or runs the batch. */
export async function run(ctx: Ctx, options: MoveOptions): Promise<void> {
  if (options.kind === 'batch') return runBatch(ctx, options.request);
  if (options.kind === 'scan') return (await import('./move-scan.js')).runScan(ctx, options);
  const { msku, quantity, fromPurchase } = options;
  const sides: MoveSide[] = [];
  const out = ctx.output<ItemLocation>({
    ...ITEM_LOCATION_VIEW,
    kind: 'single',
    rows: () => sides,
    columns: MOVE_COLUMNS,
  });
  const client = await ctx.inventory();
  const { LocationNames } = await import('../api/location-names.js');
  const names = new LocationNames(client);
  const picking = (options.from === undefined && !fromPurchase) || options.to === undefined;
  const held = picking && canPrompt(ctx.io, ctx.globals) ? await heldPerLocation(client, msku) : undefined;
  const from = fromPurchase
    ? undefined
    : await locationArg(ctx, options.from, '--from', 'the source location', names, {
        allowed: (l) => l.canMove,
        held,
        holding: true,
      });
  const to = await locationArg(ctx, options.to, '--to', 'the destination location', names, { held, exclude: from });
  if (from !== undefined && from === to) {
    const both = `${options.from} and ${options.to} are both location ${to}`;
    throw new UsageError(`--from and --to are the same location (${both}): a move needs two`);
  }
  const source = from ? { fromLocationId: Number(from) } : { fromPurchaseId: Number(fromPurchase) };
  const destination = await client.moveItem({ msku, quantity, ...source, toLocationId: Number(to) });
  if (showsNames(ctx.globals.output)) sides.push(...(await moveSides(client, names, destination, from, fromPurchase)));
  await out.render([destination]);
}
