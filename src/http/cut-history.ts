/** The periods between a pacer's cuts: whether cutting the rate made 429s any rarer, and while not, how common they are. */
import { PACING } from './pacing-rules.js';

interface Group {
  /** Requests per second sent, weighted by answers. */
  rate: number;
  answers: number;
  throttled: number;
  /** Time spent sending. */
  ms: number;
}

const KEPT = 16;

/** The last periods between cuts, each with the rate it sent at and its answers. */
export class CutHistory {
  private periods: Group[] = [];
  /** Once 429s were found to come whatever the rate: the answers and 429s counted since. */
  private usual = { answers: 0, throttled: 0 };

  /**
   * The share of 429s if they come whatever the rate: cuts that brought the rate well down left it as it was (unless the
   * first request after every pause went through, as a bucket lets it), or one came at the floor (`before`), or the
   * first request after a pause was refused more than once (`refusedAfterPause`, of `pauses`). From then on their share
   * is what a window of answers is held to.
   */
  indifference(before: number, pauses: number, refusedAfterPause: number): number | undefined {
    const [floor, refused] = [before <= PACING.minRate * PACING.atFloor, refusedAfterPause >= PACING.refusedAfterPause];
    const measured = pauses === 0 || refusedAfterPause > 0 ? this.indifferent() : undefined;
    const share = floor || refused ? this.share() : measured;
    if (share !== undefined) {
      this.usual = { answers: PACING.shareAnswers, throttled: share * PACING.shareAnswers };
      this.periods = [];
    }
    return share;
  }

  /**
   * While 429s come whatever the rate: whether a window's share is above theirs by more than chance (four standard
   * deviations) and by PACING.shareRiseBy at least, as a limit that came on top would make it; else counts the window.
   */
  limitOnTop(answers: number, throttled: number): boolean {
    const expected = this.usual.throttled / this.usual.answers;
    const chance = 4 * Math.sqrt((expected * (1 - expected)) / answers);
    if (throttled / answers > expected + Math.max(chance, PACING.shareRiseBy)) return true;
    this.usual = { answers: this.usual.answers + answers, throttled: this.usual.throttled + throttled };
    return false;
  }

  /** Adds the period that a cut ends: the rate it sent at, its answers and 429s, and the time it spent sending. */
  add(rate: number, answers: number, throttled: number, ms: number): void {
    if (answers === 0 || !Number.isFinite(rate)) return;
    this.periods.push({ rate, answers, throttled, ms: Math.max(ms, 1) });
    if (this.periods.length > KEPT) this.periods.shift();
  }

  /** The share of 429s over the periods kept. */
  private share(): number {
    const answers = this.periods.reduce((n, p) => n + p.answers, 0);
    return answers ? this.periods.reduce((n, p) => n + p.throttled, 0) / answers : 0;
  }

  /**
   * The share of 429s when the latest cuts brought the rate well down and their share stayed as it was (429s that come
   * whatever the rate: a server refusing at random, a limit shared with others); undefined otherwise.
   */
  private indifferent(): number | undefined {
    const newer = this.group(this.periods.length - 1);
    const older = newer && this.group(newer.from - 1);
    if (!newer || !older) return undefined;
    const [a, b] = [older.group, newer.group];
    const share = (g: Group) => g.throttled / g.answers;
    const accepted = (g: Group) => (g.answers - g.throttled) / g.ms;
    // Under a limit the server lets through its rate however fast this side sends: it falls only with 429s made rare.
    const fell = b.rate <= PACING.rateFallen * a.rate && accepted(b) <= PACING.acceptedFallen * accepted(a);
    const same = share(b) >= PACING.sameShare * share(a) && share(b) >= PACING.saturated;
    return fell && same ? share(b) : undefined;
  }

  /** The periods from `last` back until they hold enough answers and time, merged; undefined when there are too few. */
  private group(last: number): { group: Group; from: number } | undefined {
    const group: Group = { rate: 0, answers: 0, throttled: 0, ms: 0 };
    for (let i = last; i >= 0; i--) {
      const p = this.periods[i]!;
      group.rate = (group.rate * group.answers + p.rate * p.answers) / (group.answers + p.answers);
      group.answers += p.answers;
      group.throttled += p.throttled;
      group.ms += p.ms;
      if (group.answers >= PACING.shareAnswers && group.ms >= PACING.shareMs) return { group, from: i };
    }
    return undefined;
  }
}
