/** Titles and conditions of the items to label, fetched once per msku. */
import type { InventoryClient } from '../api/inventory.js';

/** Each distinct msku's title and condition. */
export async function itemFacts(
  client: InventoryClient,
  mskus: Iterable<string>,
): Promise<Map<string, { title: string; cond: string }>> {
  const facts = new Map<string, { title: string; cond: string }>();
  for (const msku of new Set(mskus)) {
    const item = await client.item(msku);
    facts.set(msku, { title: item.title ?? '', cond: item.cond ?? '' });
  }
  return facts;
}
