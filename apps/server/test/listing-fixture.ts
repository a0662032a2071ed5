import type { Db } from '../src/db/client.ts';
import { brands, categories } from '../src/db/schema/catalogue.ts';
import { businessTypes } from '../src/db/schema/places.ts';
import { makeBusiness } from './factories.ts';

/**
 * The small catalogue frame the listing differential tests draw random products into: a category of
 * every level (1, two of 2, two of 3, one of 4), the given brands, a business with locked prices and
 * one without, and a business type.
 */
export async function makeListingFrame(db: Db, brandNames: readonly string[], typeName: string) {
  const [top] = await db.insert(categories).values({ name: 'Top', slug: 'top', level: 1 }).returning();
  const l2 = await db
    .insert(categories)
    .values([1, 2].map((n) => ({ name: `Two ${n}`, slug: `two-${n}`, level: 2, parentId: top!.id })))
    .returning();
  const l3 = await db
    .insert(categories)
    .values(l2.map((c, n) => ({ name: `Three ${n}`, slug: `three-${n}`, level: 3, parentId: c.id, tier2Id: c.id })))
    .returning();
  const l4 = await db.insert(categories).values({ name: 'Four', slug: 'four', level: 4, parentId: l3[0]!.id, tier2Id: l2[0]!.id }).returning();
  const brandRows = await db.insert(brands).values(brandNames.map((name) => ({ name }))).returning({ id: brands.id, name: brands.name });
  const lockedBusiness = (await makeBusiness(db)).id;
  const plainBusiness = (await makeBusiness(db)).id;
  const [type] = await db.insert(businessTypes).values({ name: typeName }).returning();
  return {
    cats: [top!, ...l2, ...l3, ...l4].map((c) => ({ id: c.id, level: c.level })),
    brandRows,
    lockedBusiness,
    plainBusiness,
    typeId: type!.id,
  };
}
