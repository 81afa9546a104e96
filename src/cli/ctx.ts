/**
 * What a command's `run` is given (cli/command.ts): the IO, the global options, and the config, settings, clients and
 * prompts of its run, made lazily. The session's own context is cli/context.ts; tests give a fake of their own.
 */
import type { Command } from 'commander';
import type { InventoryClient } from '../api/inventory.js';
import type { ResearchClient } from '../api/research.js';
import type { OAuthClient } from '../auth/oauth-client.js';
import type { TokenProvider } from '../auth/tokens.js';
import type { ConfigStore } from '../config/profile-file.js';
import type { Settings } from '../config/settings.js';
import type { Colors } from '../util/colors.js';
import type { IO } from '../util/io.js';
import type { GlobalOptions } from './globals.js';
import type { View } from './output/view.js';
import type { Question } from './prompt.js';

export interface Browser {
  /**
   * Starts a browser on `url` without waiting for it to close; rejects when it cannot start (or when `origin` is given and
   * the URL is not on it). With `page`, `url` is the file: URL of inv's own login page.
   */
  open(url: string, options?: { origin?: string; page?: boolean }): Promise<void>;
}

export interface Output<R> {
  /** Renders records (array or async stream) in the chosen format; returns the count. */
  render(records: Iterable<R> | AsyncIterable<R>): Promise<number>;
}

/** Research credentials that replace the stored ones (to verify new ones), with where each came from. */
export interface GivenResearchKey {
  clientId: string;
  secretKey: string;
  sources: { clientId: string; secretKey: string };
}

export interface Ctx {
  readonly io: IO;
  readonly globals: GlobalOptions;
  /** Colours for stderr messages (plain unless colour is on). */
  readonly color: Colors;
  readonly browser: Browser;
  /** Every command, declared (completion scripts are made from it). */
  allCommands(): Promise<Command>;
  /** The config store. */
  config(): Promise<ConfigStore>;
  /** Settings in force (flag > env > profile). */
  settings(): Promise<Settings>;
  /** The research client of the profile in force, or of `credentials` (for the hint when they are rejected). */
  research(credentials?: GivenResearchKey): Promise<ResearchClient>;
  /** The OAuth client (token endpoint, tokeninfo) of the profile. */
  oauth(): Promise<OAuthClient>;
  /** The access-token provider of the profile (INV_TOKEN or stored tokens). */
  tokens(): Promise<TokenProvider>;
  /** The inventory client of the profile, authenticated with its tokens. */
  inventory(): Promise<InventoryClient>;
  /** The wall clock in milliseconds. */
  now(): number;
  /** How long a batch waits for the service, or for another run of the same batch. */
  batchWaitMs(): number;
  /** From now on the services are waited for as in a batch: --wait, default 10 minutes (a manifest scouted whole). */
  waitAsBatch(): void;
  /** From now on inventory requests are paced by what the server allows (`say` gets a line when a pause starts). */
  paceRequests(say: (line: string) => void, origin: string, operation: string): Promise<void>;
  /** Checks --fields against the view now, before any request, and returns its renderer. */
  output<R>(view: View<R>): Output<R>;
  /** Asks a question on a terminal, or fails with exit 7 naming the flag. */
  ask(question: Question): Promise<string>;
  /** Picks one of `choices` on a terminal, or fails with exit 7 naming the flag. */
  choose(question: Omit<Question, 'validate' | 'mask'> & { choices: readonly string[] }): Promise<string>;
  /** Confirms a destructive step (--yes answers it; exit 7 without a terminal). */
  confirm(message: string): Promise<boolean>;
  /** Where progress is drawn: stderr when it is a terminal (and not --quiet); nowhere otherwise. */
  readonly progressStream: NodeJS.WritableStream | undefined;
  /** A status line on stderr, unless --quiet. */
  info(message: string): Promise<void>;
}
