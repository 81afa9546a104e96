/** Loads the transport (and with it undici) on first use, with the V8 flag that keeps one-shot commands quick. */
import type { Transport, TransportOptions } from './transport.js';

/** A new transport; undici is loaded by the first call. */
export async function createTransport(options: TransportOptions, signal?: AbortSignal): Promise<Transport> {
  // undici's HTTP parser is WebAssembly; V8 optimising it in the background delays the exit of a
  // one-shot command by 50-150 ms, and the baseline compiler alone serves bulk runs as well (bench/).
  // Set here, before undici compiles it, so that commands without requests do not load node:v8.
  (await import('node:v8')).setFlagsFromString('--liftoff-only');
  const { Transport } = await import('./transport.js');
  return new Transport(options, signal);
}
