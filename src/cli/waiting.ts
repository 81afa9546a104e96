/**
 * How the clients of one command wait (docs/decisions.md, 19. Rate limits and outages): the pacers their requests
 * leave by, the run's outage clock and spell of 429s, and the --wait that bounds both, with each command's default.
 */
import type { Pacer } from '../http/pacer.js';
import { THROTTLED } from '../http/retry.js';
import { Outage, Refusals } from '../http/retry-hook.js';
import type { ClientDeps } from './clients.js';

/** How long a batch waits for a service that cannot be reached, unless --wait says otherwise. */
export const BATCH_WAIT_MS = 10 * 60_000;

/** The operation research rates are learnt and kept under: every research call of a run shares one pacer. */
export const RESEARCH_OPERATION = 'GET research';

/** The waiting of one command's clients. */
export class Waiting {
  private batchPacer?: Pacer;
  private researchPacer?: Promise<Pacer>;
  /** Waited for as in a batch (--wait, default 10 min), not as by a single command. */
  private long = false;
  /** One outage clock and one spell of 429s for every client of the command: --wait bounds them, not each request. */
  private readonly outage = new Outage();
  private readonly refusals = new Refusals();

  /**
   * @param waitMs --wait, when given
   * @param stateDir where learnt rates are kept
   * @param atClose runs its argument when the command ends (to keep what a pacer learnt)
   */
  constructor(
    private readonly waitMs: number | undefined,
    private readonly stateDir: () => string,
    private readonly atClose: (then: () => void) => void,
  ) {}

  /** A pacer that starts at the rate the last run learnt for `operation` at `origin`, and keeps what it learns. */
  private async makePacer(origin: string, operation: string, say: (line: string) => void): Promise<Pacer> {
    const { learntPacer } = await import('../http/rate-memory.js');
    const { pacer, keep } = learntPacer(this.stateDir(), origin, operation, say);
    this.atClose(keep);
    return pacer;
  }

  /** The batch's pacer, made once: inventory requests leave by it from now on, and wait as in a batch. */
  async paceBatch(origin: string, operation: string, say: (line: string) => void): Promise<void> {
    this.long = true;
    this.batchPacer ??= await this.makePacer(origin, operation, say);
  }

  /** From now on the services are waited for as in a batch: --wait, default 10 minutes. */
  asBatch(): void {
    this.long = true;
  }

  /** The pacer of every research request of the command, made once for the research server at `origin`. */
  research(origin: string, say: (line: string) => void): Promise<Pacer> {
    this.researchPacer ??= this.makePacer(origin, RESEARCH_OPERATION, say);
    return this.researchPacer;
  }

  /** How long the service is waited for, unreachable or refusing (--wait, or the batch's or the command's default). */
  get waitsMs(): { patienceMs: number; refusalPatienceMs: number } {
    return {
      patienceMs: this.waitMs ?? (this.long ? BATCH_WAIT_MS : 0),
      refusalPatienceMs: this.waitMs ?? (this.long ? BATCH_WAIT_MS : THROTTLED.minWaitMs),
    };
  }

  /**
   * The waiting parts of a client's dependencies; `pacer` paces its requests (absent: the batch's, if any). Without a
   * pacer, a wait of a second or more is told to `info`; a pacer logs the pause once for every request it holds.
   */
  deps(info: (line: string) => void, pacer = this.batchPacer): Omit<ClientDeps, 'transport' | 'settings'> {
    const onPause = pacer
      ? (ms: number, message: string, after429: boolean) => pacer.pause(ms, message, after429)
      : (ms: number, message: string) => void (ms >= 1000 && info(message));
    return { ...this.waitsMs, onPause, pacer, outage: this.outage, refusals: this.refusals };
  }
}
