/** /v1/locations: list, get, create and update (POST, and PUT under the documented /v1/location/:id). */
import { locationPatchSchema, locationSchema } from '../../../api/rules.js';
import type { Account } from '../account.js';
import { collection } from '../collection.js';
import type { AuthedRequest } from '../envelope.js';
import { locationRecord } from '../records.js';
import { parse, type AddRoute } from './route-base.js';

/** Registers the location routes. */
export function locationRoutes(route: AddRoute, account: Account): void {
  const { state } = account;
  route('GET', '/v1/locations', (req) =>
    collection(req, state.locationOrder, (id) => locationRecord(state.locations[id]!, req.origin), 'locations'),
  );
  route('GET', '/v1/locations/:id', (req) => locationRecord(account.location(req.params.id!), req.origin));
  route('POST', '/v1/locations', (req) => {
    const input = parse(locationSchema, req.body);
    const location = {
      id: account.nextLocationId(),
      display: input.display,
      order: input.order,
      type: input.type,
      ref: input.ref ?? null,
      notes: input.notes ?? null,
      created: account.now(),
      modified: null,
    };
    account.putLocation(location);
    return locationRecord(location, req.origin);
  });
  const updateLocation = (req: AuthedRequest) => {
    const existing = account.location(req.params.id!);
    const patch = parse(locationPatchSchema, req.body);
    const next = {
      ...existing,
      ...Object.fromEntries(
        Object.entries(patch).filter(
          ([k, v]) => v !== undefined && ['display', 'order', 'type', 'ref', 'notes'].includes(k),
        ),
      ),
      modified: account.now(),
    };
    account.putLocation(next);
    return locationRecord(next, req.origin);
  };
  route('POST', '/v1/locations/:id', updateLocation);
  route('PUT', '/v1/location/:id', updateLocation);
}
