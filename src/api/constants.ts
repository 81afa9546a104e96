/** Enumerations of the Inventory API, kept apart from the zod rules so that importing them costs nothing. */

export const PRODUCT_ID_TYPES = ['UPC', 'EAN', 'ISBN', 'ASIN', 'INTERNAL'] as const;
export const LOCATION_TYPES = ['shelf', 'fba', 'fbaShipment', 'shipment', 'unfulfillable'] as const;

/** How long an authorization code lives before it must be exchanged ("a few seconds"; the sandbox's codes too). */
export const AUTHORIZATION_CODE_LIFETIME_S = 10;
