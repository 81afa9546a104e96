/** Loads the transport (and with it node:http) on first use. */
import type { Transport, TransportOptions } from './transport.js';

/** A new transport; node:http is loaded by the first call. */
export async function createTransport(options: TransportOptions, signal?: AbortSignal): Promise<Transport> {
  const { Transport } = await import('./transport.js');
  return new Transport(options, signal);
}
