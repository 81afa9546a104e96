/** Views of stock (itemLocations) with the location's name beside its id. */
import type { ItemLocation, Location } from '../../api/inventory-types.js';
import type { MskuTotal } from '../../api/stock.js';
import { count } from '../../util/format.js';
import type { View } from '../../cli/output/view.js';

const FIELDS = ['id', 'msku', 'locationId', 'quantity', 'modified', 'acknowledged', 'link'];

/** "Shelf A1" for a location id, or the id alone when the location is unknown. */
export function locationLabel(id: string, locations: ReadonlyMap<string, Location>): string {
  return locations.get(id)?.display ?? `#${id}`;
}

/** itemLocations as rows: itemLocation id, msku, location name and id, quantity. */
export function stockView(
  locations: ReadonlyMap<string, Location>,
  kind: 'list' | 'single' = 'list',
): View<ItemLocation> {
  return {
    kind,
    fields: FIELDS,
    rows: (il) => [{ ...il, location: locationLabel(il.locationId, locations) }],
    columns: [
      { key: 'id', header: 'itemLocation', align: 'right' },
      { key: 'msku', header: 'msku' },
      { key: 'location', header: 'location' },
      { key: 'locationId', header: 'location id', align: 'right' },
      { key: 'quantity', header: 'quantity', format: count, align: 'right' },
      { key: 'modified', header: 'modified' },
    ],
  };
}

/** Totals per msku: JSON keeps each total with its locations; the table one row per msku. */
export function totalsView(locations: ReadonlyMap<string, Location>): View<MskuTotal> {
  return {
    kind: 'list',
    fields: ['msku', 'quantity', 'locations'],
    rows: (t) => [
      { ...t, where: t.locations.map((l) => `${locationLabel(l.locationId, locations)} ${l.quantity}`).join(', ') },
    ],
    columns: [
      { key: 'msku', header: 'msku' },
      { key: 'quantity', header: 'total', format: count, align: 'right' },
      { key: 'where', header: 'locations' },
    ],
  };
}

/** Whether an output format shows location names (tables and csv/tsv; JSON keeps the server's records). */
export function showsNames(output: string): boolean {
  return output !== 'json' && output !== 'ndjson';
}
