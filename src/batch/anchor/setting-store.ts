/**
 * The account's settings as the batch engine keeps its anchor in them: values read with a size bound and checked as
 * text, a refusal of the settings (the server has none for us) said once, and a claim that holds without a
 * compare-and-swap.
 */
import { ApiError, AuthError, InvError, NotFoundError, AnswerTooLargeError } from '../../errors.js';
import { AnchorValueError, SETTING_MAX_BYTES } from './head.js';

/** The account's settings, as the anchor reads and writes them (every request finishing within a stop's grace). */
export interface SettingStore {
  /** The value of `key` (undefined: not set); an answer over `maxBytes` throws AnswerTooLargeError. */
  get(key: string, maxBytes?: number): Promise<string | undefined>;
  put(key: string, value: string): Promise<void>;
}

/** The server refused the anchor after it had kept a write of this run: the run stops before sending more. */
export class AnchorRefusedError extends InvError {}

/** Whether an error means the server keeps no settings for us (a 4xx other than 429): the anchor is then off. */
export function settingsRefused(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  if (error instanceof AuthError) return /forbidden|403/i.test(error.message);
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** The account's settings for the anchor: every value bounded and checked, the store turned off once it refuses. */
export class AnchorStore {
  /** Set once the server refused a setting: the run goes on with the local journal alone. */
  off = false;
  /** Set once the server kept a write of this run: a refusal after that stops the run instead. */
  private wrote = false;

  constructor(
    private readonly store: SettingStore,
    private readonly warn: (message: string) => Promise<void>,
  ) {}

  /** A setting's text (undefined: not set, or the store is off); a value too large or not text throws AnchorValueError. */
  async get(key: string, clear: string): Promise<string | undefined> {
    if (this.off) return undefined;
    let value: unknown;
    try {
      value = await this.store.get(key, SETTING_MAX_BYTES);
    } catch (error) {
      if (error instanceof AnswerTooLargeError)
        throw new AnchorValueError(key, `over ${SETTING_MAX_BYTES} bytes`, clear);
      await this.refused(key, error);
      return undefined;
    }
    if (value !== undefined && typeof value !== 'string') throw new AnchorValueError(key, 'not text', clear);
    return value;
  }

  /** Writes a setting (nothing when the store is off). */
  async put(key: string, value: string): Promise<void> {
    if (this.off) return;
    try {
      await this.store.put(key, value);
      this.wrote = true;
    } catch (error) {
      await this.refused(key, error);
    }
  }

  private async refused(key: string, error: unknown): Promise<void> {
    if (!settingsRefused(error)) throw error;
    const why = `account setting ${key}: ${(error as Error).message}`;
    // The anchor worked in this run: going on without it would leave another machine a record that stops half way.
    if (this.wrote)
      throw new AnchorRefusedError(
        `the server refused the batch anchor (${why}) part way through the run: it stopped before sending more`,
        'run the same command again (rows done are skipped)',
      );
    this.off = true;
    await this.warn(`the server refused the batch anchor (${why}); running on the local journal alone`);
  }
}
