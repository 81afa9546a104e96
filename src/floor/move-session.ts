/**
 * A scan session of moves on a terminal (decision 30): every line journaled before it is acted on, each leg sent as its
 * own batch the moment it closes, and a session killed or interrupted resumed from its journal (its lines replayed,
 * the legs whose batch ran not sent again, a leg cut off while sending continued by its batch's journal).
 */
import type { BatchOutcome } from '../batch/batch-types.js';
import { InterruptedError, UsageError } from '../errors.js';
import { nodeCrypto } from '../util/lazy-crypto.js';
import { ScanJournal, type SessionStart } from './scan-journal.js';
import { ScanLegs, type LegMove, type LegStep } from './scan-legs.js';

/** What a session needs from the terminal and the server. */
export interface MoveSessionEnv {
  journalPath: string;
  origin: string;
  /** A receive session's purchase (--from-purchase). */
  purchase?: string;
  now(): number;
  /** The next line typed; undefined at the end of input. */
  next(): Promise<string | undefined>;
  prompt(text: string): Promise<void>;
  say(line: string): Promise<void>;
  aborted(): boolean;
  /** Every stock record: [location id, msku, quantity]. */
  stock(): Promise<Array<[string, string, number]>>;
  /** The code table (count-codes.ts), filled in place with a bin's FNSKUs by `fnskus`. */
  codes(): Promise<Map<string, string>>;
  fnsku(msku: string): Promise<string | null | undefined>;
  /** The user the session runs as (`whoami`): another user's open session is not resumed. */
  user(): Promise<string>;
  /** Sends a leg's moves as the batch `name`. */
  sendLeg(moves: LegMove[], name: string): Promise<BatchOutcome>;
}

/** What a session did: its id, the legs it closed, and the outcome of each leg it sent in this run. */
export interface MoveSessionResult {
  id: string;
  legs: number;
  sent: Array<{ leg: number; batch: string; outcome: BatchOutcome }>;
}

/** Runs (or resumes) the profile's scan session until an empty line; throws InterruptedError at Ctrl-C, kept to resume. */
export async function runMoveSession(env: MoveSessionEnv): Promise<MoveSessionResult> {
  const journal = ScanJournal.open(env.journalPath);
  let ended = false;
  try {
    const open = journal.read();
    const user = await env.user();
    const mine = open && open.start.origin === env.origin && (open.start.user ?? user) === user;
    if (open && (!mine || open.start.purchase !== env.purchase)) {
      const resume = `inv move --scan${open.start.purchase ? ` --from-purchase ${open.start.purchase}` : ''}`;
      const whose = open.start.user ? ` of ${open.start.user}` : '';
      throw new UsageError(
        `a scan session${whose} started ${open.start.started} on ${open.start.origin} is open: ` +
          `it is resumed by \`${resume}\` as that user there`,
        'resume it and end it (an empty line) before another; one session per profile at a time',
      );
    }
    const start: SessionStart = open?.start ?? {
      v: 1,
      // The time and a random part: a session's legs are batches named after it, and no two sessions may share one.
      id: `${new Date(env.now()).toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z')}-${nodeCrypto().randomBytes(3).toString('hex')}`,
      started: new Date(env.now()).toISOString(),
      origin: env.origin,
      user,
      purchase: env.purchase,
      held: await env.stock(),
    };
    if (!open) journal.begin(start);
    const held = new Map(start.held.map(([bin, msku, n]) => [`${bin}\0${msku}`, n]));
    const stockMskus = (bin: string) => start.held.filter(([b]) => b === bin).map(([, m]) => m);
    const codes = await env.codes();
    const withFnskus = new Set<string>();
    const legs = new ScanLegs((bin, msku) => held.get(`${bin}\0${msku}`) ?? 0, codes, start.purchase);
    const result: MoveSessionResult = { id: start.id, legs: 0, sent: [] };
    const ran = open?.ran ?? new Set<number>();
    const closed = open?.legs ?? new Map<number, LegMove[]>();
    // Legs are numbered on from the journal's, never from a replay's count (a code no longer known closes fewer).
    let legCount = Math.max(0, ...closed.keys());

    const show = async (step: LegStep, replay: boolean): Promise<void> => {
      if (!('ok' in step) || !step.ok) return;
      if (!replay) await env.say(step.say);
      const running = replay ? undefined : legs.running();
      if (running && !step.moves) await env.say(`  ${running}`);
      // A bin's units may be scanned by FNSKU: read (a one-unit plan per msku) when it is first a source.
      for (const msku of step.opened ? stockMskus(step.opened) : []) {
        if (withFnskus.has(msku)) continue;
        withFnskus.add(msku);
        const fnsku = await env.fnsku(msku);
        if (fnsku) codes.set(fnsku.toUpperCase(), msku);
      }
    };
    const send = async (leg: number, moves: LegMove[]): Promise<void> => {
      if (ran.has(leg)) return;
      const batch = `scanned moves ${start.id} leg ${leg}`;
      const outcome = await env.sendLeg(moves, batch);
      result.sent.push({ leg, batch, outcome });
      // A leg stopped between its rows (Ctrl-C, SIGTERM, the service gone) is not done: the resume continues its batch.
      if (outcome.summary.stopped === true || Number(outcome.summary.pending ?? 0) > 0) {
        await env.say(`! stopped: leg ${leg} (${outcome.line})`);
        throw outcome.error ?? new InterruptedError(`leg ${leg} stopped: \`inv move --scan\` resumes the session`);
      }
      // A leg with rows in doubt stays its batch's: a resume runs it again, which holds them (or, with
      // --retry-in-doubt, sends them); the session's end still reports it.
      if (Number(outcome.summary.inDoubt ?? 0) === 0) journal.ran(leg);
      ran.add(leg);
      const before =
        !outcome.error && Number(outcome.summary.done ?? 0) === 0 && Number(outcome.summary.skipped ?? 0) > 0;
      if (before) await env.say(`= nothing sent: leg ${leg} was done before (${outcome.line})`);
      else await env.say(`${outcome.error ? '! not all sent' : '✓ sent'}: leg ${leg} (${outcome.line})`);
    };

    for (const text of open?.scans ?? []) await show(legs.step(text), true);
    if (open) {
      const leg = legs.openLeg();
      const units = leg ? [...leg.units].map(([m, n]) => `${n} × ${m}`).join(', ') : '';
      const now = leg ? `open: from ${leg.from}${units ? `, ${units}` : ''}` : 'no leg open';
      await env.say(`resuming the session started ${start.started}: ${ran.size} leg(s) sent; ${now}`);
      // The legs closed before the session was cut off, with the moves they meant then, and not all sent.
      for (const [leg, moves] of [...closed].sort(([a], [b]) => a - b)) await send(leg, moves);
    }
    const label = start.purchase ? `receive ${start.purchase}> ` : 'move> ';
    for (;;) {
      await env.prompt(label);
      const text = await env.next();
      if (env.aborted())
        throw new InterruptedError('interrupted: the legs sent stay sent; `inv move --scan` resumes the session');
      const step = legs.step(text ?? '');
      if (text === undefined && !('end' in step))
        throw new InterruptedError(
          'the input ended with a leg open: the session is kept; `inv move --scan` resumes it',
        );
      const closes = 'ok' in step && step.ok && step.moves ? { leg: ++legCount, moves: step.moves } : undefined;
      journal.scan(text ?? '', closes);
      if ('end' in step) break;
      if (!step.ok) await env.say(`\x07✗ ${step.why}: refused`);
      else await show(step, false);
      if (closes) await send(closes.leg, closes.moves);
    }
    ended = true;
    result.legs = legCount;
    return result;
  } finally {
    journal.close(ended);
  }
}
