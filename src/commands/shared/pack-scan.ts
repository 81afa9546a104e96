/**
 * Scan mode of inv pack on a terminal: a line a scan (FNSKU, UPC/EAN or msku) into the open box;
 * "next" (or a scanned NEXT) closes it and asks its weight and sides; "done" ends the session once
 * every unit is packed (or with --partial). Each step is journaled by the engine before it is shown.
 */
import type { InventoryClient } from '../../api/inventory.js';
import type { Ctx } from '../../cli/ctx.js';
import { lineReader, type LineReader } from '../../cli/lines.js';
import { canPrompt } from '../../cli/prompt.js';
import { requireBaseUrl } from '../../cli/clients.js';
import { stateDir } from '../../config/paths.js';
import { InputEndedError, InputNeededError, InterruptedError } from '../../errors.js';
import type { PackOptions } from '../../pack/check.js';
import type { ScanSession } from '../../pack/scan-session.js';
import type { Packing } from '../../pack/packing-types.js';

const NEXT = new Set(['next', 'n', 'NEXT', 'NEXTBOX', 'NEXT-BOX']);
const DONE = new Set(['done', 'DONE', 'q', 'quit']);

/**
 * Runs the session to its end, holding the shipment's station (exit 1 when another holds it); resolves to the packing
 * with `finish`, which removes the journal and lets the station go once the outputs are written (`stop`: they were not).
 */
export async function scanSession(
  ctx: Ctx,
  client: InventoryClient,
  options: PackOptions & { shipment: string },
): Promise<{ packing: Packing; finish: () => Promise<void>; stop: () => Promise<void> }> {
  if (!canPrompt(ctx.io, ctx.globals))
    throw new InputNeededError(
      'the box contents',
      '--file CONTENTS.csv --boxes BOXES.csv (scan mode needs a terminal)',
    );
  const [{ shipmentFacts, scanCodes }, { ScanSession, scanJournalPath }, { batchAccount }, { lockStation }] =
    await Promise.all([
      import('../../pack/shipment.js'),
      import('../../pack/scan-session.js'),
      import('../../batch/identity/identity.js'),
      import('../../pack/station.js'),
    ]);
  const facts = await shipmentFacts(client, options.shipment);
  const settings = await ctx.settings();
  const origin = new URL(requireBaseUrl(settings)).origin;
  const dir = stateDir(ctx.io.env);
  const account = await batchAccount(dir, origin, await (await ctx.tokens()).accessToken(), () => client.whoami());
  const journal = scanJournalPath(dir, origin, account, facts.shipmentId);
  const station = lockStation({
    shipmentId: facts.shipmentId,
    origin,
    account,
    profile: settings.profile,
    journal,
    host: ctx.io.env.INV_HOST_ID || undefined,
    settings: {
      get: (key, maxBytes) => client.settingValue(key, { maxBytes, finishing: true }),
      put: async (key, value) => void (await client.setSetting(key, value, { finishing: true })),
    },
    warn: (message) => ctx.info(`warning: ${message}`),
  });
  let session: ScanSession | undefined;
  try {
    session = ScanSession.open(facts, journal, origin, account, await scanCodes(client, facts), options);
    await station.claim(session.box - 1);
  } catch (error) {
    session?.release();
    await station.end('stopped');
    throw error;
  }
  const say = (line: string) => ctx.io.err.write(line + '\n');
  const total = facts.lines.reduce((n, l) => n + l.quantity, 0);
  const packedCount = () => total - session.remaining().reduce((n, r) => n + r.left, 0);
  const left = () =>
    session
      .remaining()
      .filter((r) => r.left > 0)
      .map((r) => `${r.msku} ${r.left}`)
      .join(', ') || 'nothing';
  if (session.resumed)
    await say(
      `resuming the session of ${facts.shipmentId}: ${session.box - 1} boxes closed, ` +
        `${packedCount()} of ${total} units packed; box ${session.box} open`,
    );
  else await say(`packing ${facts.shipmentId} (${total} units): scan each unit; "next" closes the box, "done" ends`);
  await say(`left: ${left()}`);
  const lines = lineReader(ctx.io.stdin, ctx.io.signal);
  const units = options.units === 'metric' ? { weight: 'kg', side: 'cm' } : { weight: 'lb', side: 'in' };
  try {
    for (;;) {
      const line = (await ask(ctx, lines, `box ${session.box}> `)).trim();
      if (!line) continue;
      if (NEXT.has(line) || DONE.has(line)) {
        const open = session.openBox().size > 0;
        if (DONE.has(line) && !options.partial && packedCount() < total) {
          await say(`\x07not done: left ${left()} (pack them, or run with --partial)`);
          continue;
        }
        if (open) {
          await closeBox(ctx, lines, session, units);
          await station.kept(session.box - 1);
        } else if (NEXT.has(line)) await say(`box ${session.box} is empty: scan units into it first`);
        if (DONE.has(line)) {
          const done = session;
          return {
            packing: done.packing(),
            finish: () => (done.finish(), station.end('finished')),
            stop: () => (done.release(), station.end('stopped')),
          };
        }
        continue;
      }
      const result = session.scan(line);
      if (!result.ok) await say(`\x07✗ ${result.reason}: refused`);
      else
        await say(
          `✓ ${result.msku} in box ${result.box} (${result.inBox}) · packed ${packedCount()} of ${total} · left ${left()}`,
        );
    }
  } catch (error) {
    session.release();
    await station.end('stopped');
    if (error instanceof InterruptedError || error instanceof InputEndedError)
      throw new InterruptedError(
        `interrupted: the scan session of ${facts.shipmentId} is kept; run \`inv pack ${facts.shipmentId}\` to resume it`,
      );
    throw error;
  } finally {
    lines.close();
  }
}

/** Asks a closing box's weight and sides until they pass the rules, then closes it. */
async function closeBox(
  ctx: Ctx,
  lines: LineReader,
  session: ScanSession,
  units: { weight: string; side: string },
): Promise<void> {
  const box = session.box;
  for (;;) {
    const weight = Number((await ask(ctx, lines, `weight of box ${box} (${units.weight}): `)).trim());
    const sides = (await ask(ctx, lines, `sides of box ${box}, L x W x H (${units.side}): `))
      .split(/\s*[x×*,]\s*|\s+/i)
      .map(Number);
    if (!(weight > 0) || sides.length !== 3 || !sides.every((s) => s > 0)) {
      await ctx.io.err.write(
        `\x07weight must be a number above 0 and sides three numbers like 18x14x10: box ${box} is still open\n`,
      );
      continue;
    }
    const size = { weight, length: sides[0]!, width: sides[1]!, height: sides[2]! };
    const fault = session.sizeFault(size);
    if (fault) {
      await ctx.io.err.write(`\x07box ${box} ${fault}: give its size again\n`);
      continue;
    }
    session.close(size);
    await ctx.io.err.write(`✓ box ${box} closed: ${weight} ${units.weight} · ${sides.join(' x ')} ${units.side}\n`);
    return;
  }
}

/** Writes a prompt and reads the answer line; Ctrl-C and the end of input stop the session. */
async function ask(ctx: Ctx, lines: LineReader, prompt: string): Promise<string> {
  await ctx.io.err.write(prompt);
  const line = await lines.next();
  if (ctx.io.signal.aborted) throw new InterruptedError();
  if (line === undefined) throw new InputEndedError('input ended');
  return line;
}
