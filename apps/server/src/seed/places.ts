// Cities, their areas (each served by one store) and the business-type tree.
import { toSlug } from '@shop/domain/slug';
import type { Db } from '../db/client.ts';
import { areas, businessTypes, cities } from '../db/schema/places.ts';

/** The demo's five cities (SPEC 9), in order; staff keep the real ones (issue 35: modules/places). */
export const DEMO_CITIES = ['Lahore', 'Islamabad', 'Multan', 'Faisalabad', 'Karachi'] as const;
export type DemoCity = (typeof DEMO_CITIES)[number];

/** Each demo city's delivery days (ISO weekdays, 1 = Monday) and cut-off time (Karachi), shown to buyers. */
export const DEMO_DELIVERY: Readonly<Record<DemoCity, { deliveryDays: number[]; cutoffTime: string }>> = {
  Lahore: { deliveryDays: [1, 2, 3, 4, 5, 6], cutoffTime: '18:00' },
  Islamabad: { deliveryDays: [1, 2, 3, 4, 5, 6], cutoffTime: '17:00' },
  Multan: { deliveryDays: [1, 3, 5], cutoffTime: '16:00' },
  Faisalabad: { deliveryDays: [2, 4, 6], cutoffTime: '16:00' },
  Karachi: { deliveryDays: [1, 2, 3, 4, 5, 6], cutoffTime: '18:00' },
};

/** Areas per city, in order; store ids are numbered per city (Lahore 101.., Islamabad 201..). */
export const CITY_AREAS: Readonly<Record<DemoCity, readonly string[]>> = {
  Lahore: ['Gulberg', 'DHA', 'Johar Town', 'Model Town', 'Shadman', 'Bahria Town'],
  Islamabad: ['Blue Area', 'F-7', 'F-10', 'G-9', 'I-8', 'E-11'],
  Multan: ['Cantt', 'Gulgasht Colony', 'Bosan Road', 'Shah Rukn-e-Alam', 'New Multan'],
  Faisalabad: ['D Ground', 'Peoples Colony', 'Madina Town', 'Satiana Road', 'Susan Road'],
  Karachi: ['Clifton', 'Saddar', 'Gulshan-e-Iqbal', 'North Nazimabad', 'DHA', 'Korangi'],
};

interface TypeNode {
  name: string;
  children?: readonly TypeNode[];
}

/** Retail and HoReCa sort first: they are the two top tiles of the ordering home. */
export const BUSINESS_TYPE_TREE: readonly TypeNode[] = [
  { name: 'Retail', children: [{ name: 'Kiryana Store' }, { name: 'Super Store' }, { name: 'Pharmacy' }] },
  {
    name: 'HoReCa',
    children: [
      { name: 'Hotel' },
      { name: 'Restaurant', children: [{ name: 'Fast Food' }, { name: 'Fine Dining' }] },
      { name: 'Caterer' },
    ],
  },
  { name: 'Offices and Institutions', children: [{ name: 'Office' }, { name: 'School' }, { name: 'Hospital' }] },
];

/** Business types without children: the ones products are offered to. */
export function leafBusinessTypes(nodes: readonly TypeNode[] = BUSINESS_TYPE_TREE): string[] {
  return nodes.flatMap((n) => (n.children?.length ? leafBusinessTypes(n.children) : [n.name]));
}

export interface Area {
  id: number;
  name: string;
  cityId: number;
  storeId: number;
}

export interface PlaceIds {
  /** City ids in DEMO_CITIES order. */
  cityIds: readonly number[];
  cityByName: ReadonlyMap<string, number>;
  /** By "City/Area". */
  areas: ReadonlyMap<string, Area>;
  /** By name (names are unique in the tree). */
  businessTypes: ReadonlyMap<string, number>;
}

export function areaOf(places: PlaceIds, city: string, area: string): Area {
  const found = places.areas.get(`${city}/${area}`);
  if (!found) throw new Error(`Seed: no area ${city}/${area}`);
  return found;
}

export function businessTypeId(places: PlaceIds, name: string): number {
  const id = places.businessTypes.get(name);
  if (id === undefined) throw new Error(`Seed: no business type ${name}`);
  return id;
}

export async function insertPlaces(db: Db): Promise<PlaceIds> {
  const cityRows = await db
    .insert(cities)
    .values(DEMO_CITIES.map((name) => ({ name, ...DEMO_DELIVERY[name] })))
    .returning({ id: cities.id, name: cities.name });
  const cityByName = new Map(cityRows.map((c) => [c.name, c.id]));
  const cityIds = DEMO_CITIES.map((name) => cityByName.get(name) as number);

  const areaValues = DEMO_CITIES.flatMap((city, ci) =>
    CITY_AREAS[city].map((name, ai) => ({ name, cityId: cityIds[ci] as number, storeId: (ci + 1) * 100 + ai + 1 })),
  );
  const areaRows = await db
    .insert(areas)
    .values(areaValues)
    .returning({ id: areas.id, name: areas.name, cityId: areas.cityId, storeId: areas.storeId });
  const cityNameById = new Map(cityRows.map((c) => [c.id, c.name]));
  const areaMap = new Map(areaRows.map((a) => [`${cityNameById.get(a.cityId)}/${a.name}`, a]));

  const typeIds = new Map<string, number>();
  let level: Array<{ node: TypeNode; parentId: number | null; sortOrder: number }> = BUSINESS_TYPE_TREE.map((node, i) => ({
    node,
    parentId: null,
    sortOrder: i + 1,
  }));
  while (level.length > 0) {
    const rows = await db
      .insert(businessTypes)
      .values(
        level.map(({ node, parentId, sortOrder }) => ({
          name: node.name,
          image: `/storage/art/tile/${toSlug(node.name)}.svg`,
          parentId,
          sortOrder,
        })),
      )
      .returning({ id: businessTypes.id, name: businessTypes.name });
    for (const r of rows) typeIds.set(r.name, r.id);
    level = level.flatMap(({ node }) =>
      (node.children ?? []).map((child, i) => ({ node: child, parentId: typeIds.get(node.name) as number, sortOrder: i + 1 })),
    );
  }
  return { cityIds, cityByName, areas: areaMap, businessTypes: typeIds };
}
