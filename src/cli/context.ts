/** The per-command context: IO, global options, and lazily created config, settings and clients. */
import type { Command } from 'commander';
import { configDir, stateDir } from '../config/paths.js';
import { resolveSettings, type Settings } from '../config/settings.js';
import { ConfigStore } from '../config/profile-file.js';
import { researchDeps } from './research-skew.js';
import type { ClientDeps } from './clients.js';
import type { InventoryClient } from '../api/inventory.js';
import type { ResearchClient } from '../api/research.js';
import type { OAuthClient } from '../auth/oauth-client.js';
import type { TokenProvider } from '../auth/tokens.js';
import { createTransport } from '../http/load-transport.js';
import type { Pacer } from '../http/pacer.js';
import { BATCH_WAIT_MS, Waiting } from './waiting.js';
import type { Transport } from '../http/transport.js';
import type { GlobalOptions } from './globals.js';
import type { IO } from '../util/io.js';
import type { Colors } from '../util/colors.js';
import { render } from './output/render.js';
import { checkFields, type View } from './output/view.js';
import { ask, choose, confirm, type Question } from './prompt.js';
import type { Browser, Ctx, GivenResearchKey, Output } from './ctx.js';

/** Resources shared by one run of main(): the config store and the connection pool. */
export class Session {
  private store?: Promise<ConfigStore>;
  private transport?: Promise<Transport>;
  private readonly closing: Array<() => void> = [];

  /** Opens a URL in the user's browser; given to commands like the IO (tests and embedders replace it). */
  readonly browser: Browser;
  private readonly program?: (session: Session) => Promise<Command>;

  /**
   * @param io where the run reads and writes
   * @param parts.program the whole command tree, for commands that describe inv itself (completion);
   *   given by the caller so that no command module imports the program that imports it
   * @param parts.browser the browser (default: BROWSER, else the system's)
   */
  constructor(
    readonly io: IO,
    parts: { program?: (session: Session) => Promise<Command>; browser?: Browser } = {},
  ) {
    this.program = parts.program;
    this.browser = parts.browser ?? {
      open: async (url, options) => (await import('./browser.js')).openBrowser(url, io.env, options),
    };
  }

  /** Every command of inv, registered in full. */
  async allCommands(): Promise<Command> {
    if (!this.program) throw new Error('this session was made without the command tree');
    return this.program(this);
  }

  /** The config store, opened once. */
  config(): Promise<ConfigStore> {
    this.store ??= ConfigStore.open(configDir(this.io.env), {
      env: this.io.env,
      say: (line) => void this.io.err.write(line + '\n'),
    });
    return this.store;
  }

  /** The connection pools, created once with the first timeout asked for. */
  async http(timeoutMs: number): Promise<Transport> {
    this.transport ??= createTransport({ timeoutMs }, this.io.signal);
    return this.transport;
  }

  /** Runs `then` when the run ends, however it ends (before the sockets are freed). */
  atClose(then: () => void): void {
    this.closing.push(then);
  }

  /** Runs what waits for the end of the run, and frees sockets so the process can exit at once. */
  async close(): Promise<void> {
    for (const then of this.closing.splice(0)) then();
    await this.transport?.then(
      (t) => t.close(),
      () => undefined,
    );
  }
}

/** The context of a command run in this session: clients, settings and prompts made lazily, once. */
export class SessionCtx implements Ctx {
  private settingsCache?: Settings;
  private readonly waiting: Waiting;

  constructor(
    readonly session: Session,
    readonly globals: GlobalOptions,
    /** Colours for stderr messages (plain unless colour is on). */
    readonly color: Colors,
  ) {
    this.waiting = new Waiting(
      globals.waitMs,
      () => stateDir(this.io.env),
      (then) => session.atClose(then),
    );
  }

  /** Every command, declared (completion scripts are made from it). */
  allCommands(): Promise<Command> {
    return this.session.allCommands();
  }

  get io(): IO {
    return this.session.io;
  }

  /** The session's browser. */
  get browser(): Browser {
    return this.session.browser;
  }

  /** The config store. */
  config(): Promise<ConfigStore> {
    return this.session.config();
  }

  /** Settings in force (flag > env > profile). */
  async settings(): Promise<Settings> {
    const { profile, baseUrl, authUrl, researchUrl } = this.globals;
    this.settingsCache ??= resolveSettings(
      { profile, baseUrl, authUrl, researchUrl },
      this.io.env,
      await this.config(),
    );
    return this.settingsCache;
  }

  /**
   * The research client of the profile in force; `credentials` replace the stored ones (to verify new ones),
   * `sources` saying where each came from (for the hint when they are rejected).
   */
  async research(credentials?: GivenResearchKey): Promise<ResearchClient> {
    const [deps, store] = await Promise.all([this.clientDeps(await this.researchPacer()), this.config()]);
    const settings = credentials
      ? { ...deps.settings, research: { ...deps.settings.research, ...credentials, origin: undefined } }
      : deps.settings;
    const say = async (line: string) => {
      await this.io.err.write(this.color.yellow(line) + '\n');
    };
    const clients = await import('./clients.js');
    return clients.createResearchClient({ ...deps, settings, ...researchDeps(settings, store, say) });
  }

  /** The OAuth client (token endpoint, tokeninfo) of the profile. */
  async oauth(): Promise<OAuthClient> {
    const clients = await import('./clients.js');
    return clients.createOAuthClient(await this.clientDeps());
  }

  /** The access-token provider of the profile (INV_TOKEN or stored tokens). */
  async tokens(): Promise<TokenProvider> {
    const [deps, store] = await Promise.all([this.clientDeps(), this.config()]);
    const clients = await import('./clients.js');
    return clients.createTokenProvider({ ...deps, store });
  }

  /** The inventory client of the profile, authenticated with its tokens. */
  async inventory(): Promise<InventoryClient> {
    const [deps, tokens] = await Promise.all([this.clientDeps(), this.tokens()]);
    const clients = await import('./clients.js');
    return clients.createInventoryClient({ ...deps, tokens });
  }

  /** The wall clock in milliseconds (tests give the IO a clock of their own). */
  now(): number {
    return this.io.now?.() ?? Date.now();
  }

  /** How long a batch waits for the service, or for another run of the same batch: --wait, else 10 minutes. */
  batchWaitMs(): number {
    return this.globals.waitMs ?? BATCH_WAIT_MS;
  }

  /**
   * From now on inventory requests leave at the rate a pacer learns from the server, a pause holds them all,
   * and the service is waited for (--wait, default 10 min); `say` gets a line when a pause starts. The pacer starts at
   * the rate the last run learnt against the same server (`origin`) and `operation`, and keeps what it learns for the next.
   */
  paceRequests(say: (line: string) => void, origin: string, operation: string): Promise<void> {
    return this.waiting.paceBatch(origin, operation, say);
  }

  /** From now on the services are waited for as in a batch: --wait, default 10 minutes (a manifest scouted whole). */
  waitAsBatch(): void {
    this.waiting.asBatch();
  }

  /** The pacer of every research request of the command, learnt and kept as a batch's (none without an address). */
  private async researchPacer(): Promise<Pacer | undefined> {
    const url = (await this.settings()).researchUrl;
    const say = (line: string) => void this.info(this.io.stderrIsTTY ? `\r\x1b[2K${line}` : line);
    return url ? this.waiting.research(new URL(url).origin, say) : undefined;
  }

  /** What every client of the command is built with; `pacer` paces its requests (absent: the batch's, if any). */
  private async clientDeps(pacer?: Pacer): Promise<ClientDeps> {
    const [settings, transport] = await Promise.all([this.settings(), this.session.http(this.globals.timeoutMs)]);
    const waits = this.waiting.deps((line) => void this.info(line), pacer);
    return { transport, settings, signal: this.io.signal, log: this.verboseLog(), ...waits };
  }

  /** Checks --fields against the view now, before any request, and returns its renderer. */
  output<R>(view: View<R>): Output<R> {
    checkFields(this.globals.fields, view.fields);
    return { render: (records) => render(view, records, { io: this.io, globals: this.globals }) };
  }

  /** Asks a question on a terminal, or fails with exit 7 naming the flag. */
  ask(question: Question): Promise<string> {
    return ask(this.io, this.globals, question);
  }

  /** Picks one of `choices` on a terminal, or fails with exit 7 naming the flag. */
  choose(question: Omit<Question, 'validate' | 'mask'> & { choices: readonly string[] }): Promise<string> {
    return choose(this.io, this.globals, question);
  }

  /** Confirms a destructive step (--yes answers it; exit 7 without a terminal). */
  confirm(message: string): Promise<boolean> {
    return confirm(this.io, this.globals, message);
  }

  /** Where progress is drawn: stderr when it is a terminal (and not --quiet); nowhere otherwise. */
  get progressStream(): NodeJS.WritableStream | undefined {
    return this.io.stderrIsTTY && !this.globals.quiet ? this.io.errStream : undefined;
  }

  /** A status line on stderr, unless --quiet. */
  async info(message: string): Promise<void> {
    if (!this.globals.quiet) await this.io.err.write(message + '\n');
  }

  private verboseLog(): ((line: string) => void) | undefined {
    if (!this.globals.verbose) return undefined;
    return (line) => void this.io.err.write(this.color.dim(line) + '\n');
  }
}
