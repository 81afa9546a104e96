/** Every endpoint of the Product Research API on a SandboxServer, in the shapes the live service answers. */
import type { SandboxServer } from '../http.js';
import type { Persist } from '../state-file.js';
import { answerMeta, type Clock } from './clock.js';
import { catalogRoutes } from './routes/catalog-routes.js';
import { categoryRoutes, feeRoutes } from './routes/fees-categories.js';
import { researchKit, type ResearchState } from './routes/kit.js';
import { offerRoutes } from './routes/offer-routes.js';

export type { ResearchState } from './routes/kit.js';

/** The research API's error body (as seen in the public client's fixtures), stamped by `clock`. */
export function researchErrorBody(clock: Clock) {
  return (_status: number, message: string) => ({ Error: message, ...answerMeta(clock) });
}

/** Registers the research routes; state changes go through `persist`; `clock` is the server's time. */
export function researchRoutes(server: SandboxServer, state: ResearchState, persist: Persist, clock: Clock): void {
  const kit = researchKit(state, persist, clock);
  for (const routes of [offerRoutes, catalogRoutes, feeRoutes, categoryRoutes]) routes(server, kit);
}
