/**
 * The clockwork of a pacer: slots dealt to requests at a rate, pauses that hold them all, and the time spent sending
 * (what rates are measured over: pauses and quiet spells left out).
 */

/** A quiet spell longer than this (reading the input, a pause), beyond what the pacer held back, counts as this much. */
const GAP_MS = 250;

/** SendSlots, pauses and the time spent sending, on one clock (milliseconds). */
export class SendSlots {
  /** Time with requests coming and going, pauses and quiet spells left out. */
  activeMs = 0;
  /** How many times the slots were dealt anew (a pause, a cut). */
  deals = 0;
  private lastEvent: number | undefined;
  private nextSlot = 0;
  private pauseStart = 0;
  private pausedUntil = 0;
  /** The time paused so far, up to `pausedUntil`. */
  private pausedTotal = 0;

  constructor(readonly now: () => number) {}

  /** Takes the next slot at `rate` (requests/s; Infinity: none to wait for): when it falls, at `now` or later. */
  take(now: number, rate: number): number {
    const at = Math.max(now, this.pausedUntil, rate === Infinity ? 0 : this.nextSlot);
    if (rate !== Infinity) this.nextSlot = Math.max(this.nextSlot, at) + 1000 / rate;
    return at;
  }

  /** Deals the slots anew from `at`: slots taken before would fall among the new ones, too close for a small bucket. */
  dealAnew(at: number): void {
    this.nextSlot = at;
    this.deals++;
  }

  /** Holds every slot until `until`; whether this started a pause (none was running), or undefined when one lasts longer. */
  pause(now: number, until: number): boolean | undefined {
    if (until <= this.pausedUntil) return undefined;
    const started = this.pausedUntil <= now;
    if (started) this.pauseStart = now;
    this.pausedTotal += until - (started ? now : this.pausedUntil);
    this.pausedUntil = until;
    this.dealAnew(until);
    return started;
  }

  /** Milliseconds paused by `now`, since the first slot. */
  pausedBy(now: number): number {
    return this.pausedTotal - Math.max(0, this.pausedUntil - now);
  }

  /** The time now, after adding the time since the last event to the active time. */
  tick(): number {
    const now = this.now();
    if (this.lastEvent !== undefined) {
      const paused = Math.max(0, Math.min(now, this.pausedUntil) - Math.max(this.lastEvent, this.pauseStart));
      // Time the pacer itself held the next request back is time spent sending, however long: only a quiet spell
      // beyond it is cut short (else a low rate would count a fraction of its own time, and rise that much slower).
      const held = Math.max(0, Math.min(now, this.nextSlot) - this.lastEvent);
      this.activeMs += Math.max(0, Math.min(now - this.lastEvent, Math.max(GAP_MS, held)) - paused);
    }
    this.lastEvent = now;
    return now;
  }
}
