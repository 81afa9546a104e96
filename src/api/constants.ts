/** Enumerations of the Inventory API, kept apart from the zod rules so that importing them costs nothing. */

export const PRODUCT_ID_TYPES = ['UPC', 'EAN', 'ISBN', 'ASIN', 'INTERNAL'] as const;
export const LOCATION_TYPES = ['shelf', 'fba', 'fbaShipment', 'shipment', 'unfulfillable'] as const;

/** How long the sandbox's authorization codes live, and what the paste prompt states (RFC 6749 §4.1.2 allows 10 minutes). */
export const AUTHORIZATION_CODE_LIFETIME_S = 60;

/** The largest rate (requests per second) and burst the sandbox's rate limiter takes, from `inv sandbox` and /_sandbox/rate-limit. */
export const RATE_LIMIT_MAX = 1_000_000;

/**
 * What the commands that build a whole item (create, replace, import) fill in when their input leaves
 * it out: `inactive` is required by the API, and a file written by hand naturally omits it (active).
 * `inv api` sends its body as given.
 */
export const ITEM_DEFAULTS: Readonly<Record<string, unknown>> = { inactive: 'n' };

/** Whether a request other than GET/DELETE takes its parameters in the query: PUT /v1/settings/<key>?value= (docs/decisions.md §7). */
export function paramsInQuery(method: string, path: string): boolean {
  return method === 'PUT' && /^\/v1\/settings\/[^/]+$/.test(path);
}
