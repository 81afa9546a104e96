/** Locations given by id or by display name ("Shelf A1"); names are looked up once per run. */
import { NotFoundError, UsageError } from '../errors.js';
import { sameName } from '../util/compare.js';
import type { InventoryClient } from './inventory.js';
import type { Location } from './inventory-types.js';
import { binCodeId } from './bin-code.js';

export class LocationNames {
  private all?: Promise<Location[]>;

  constructor(private readonly client: InventoryClient) {}

  /** Every location (fetched once). */
  list(): Promise<Location[]> {
    this.all ??= (async () => {
      const found: Location[] = [];
      for await (const location of this.client.list<Location>('locations', { pageSize: 1000 })) found.push(location);
      return found;
    })();
    return this.all;
  }

  /** Every location by id (fetched once). */
  async byId(): Promise<Map<string, Location>> {
    return new Map((await this.list()).map((l) => [l.id, l]));
  }

  /** The location a reference names: by id (fetched alone when the list is not needed) or by display name. */
  async find(ref: string, flag: string): Promise<Location> {
    const id = await this.id(ref, flag);
    const known = (await this.byId()).get(id);
    if (known) return known;
    throw new NotFoundError(`${flag}: no location with id ${id}`, 'see `inv locations list`');
  }

  /**
   * The id of a location given by id (digits) or its scanned bin code (LOC-id), both answered at once, or by its display
   * name (case does not matter).
   */
  id(ref: string, flag: string): string | Promise<string> {
    const text = ref.trim();
    if (!text) throw new UsageError(`${flag} is empty: give a location id or name`);
    return /^\d+$/.test(text) ? text : (binCodeId(text) ?? this.byName(text, flag));
  }

  /** The locations whose display name is `display`, compared as names are (case and Unicode normal form aside). */
  async named(display: string): Promise<Location[]> {
    return (await this.list()).filter((l) => sameName(l.display, display));
  }

  private async byName(text: string, flag: string): Promise<string> {
    const matches = await this.named(text);
    if (matches.length === 1) return matches[0]!.id;
    if (matches.length > 1)
      throw new UsageError(
        `${flag} "${text}" names ${matches.length} locations (ids ${matches.map((l) => l.id).join(', ')}): give the id`,
      );
    throw new NotFoundError(`${flag}: no location named "${text}"`, 'see `inv locations list`');
  }
}
