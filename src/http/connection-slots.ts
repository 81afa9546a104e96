/** Connections of one origin: taken by a request for its whole exchange, waited for in turn. */
export class ConnectionSlots {
  private readonly waiting: Array<() => void> = [];
  constructor(private free: number) {}

  /** True once a connection is taken; false when `signal` aborts first (Ctrl-C while waiting: nothing taken). */
  take(signal?: AbortSignal): Promise<boolean> | boolean {
    if (this.free > 0) {
      this.free--;
      return true;
    }
    if (signal?.aborted) return false;
    return new Promise((resolve) => {
      const granted = () => {
        signal?.removeEventListener('abort', gaveUp);
        resolve(true);
      };
      const gaveUp = () => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        resolve(false);
      };
      this.waiting.push(granted);
      signal?.addEventListener('abort', gaveUp, { once: true });
    });
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
