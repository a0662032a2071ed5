// Reading and writing products as staff edit them (issue 19): one full-row write path for the single
// edit, the CSV import and its undo, so every way in keeps the same columns in step (sell_price,
// brand_name, the tier ids, the marketplace products sold as the product).
import { CATEGORY_PATH_SEPARATOR, type CsvLookups, productCsvValues } from '@shop/domain/catalogue-admin';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { isOnSale } from '@shop/domain/pricing';
import { toSlug } from '@shop/domain/slug';
import { sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { brands, categories, productBusinessTypes, products } from '../../db/schema/catalogue.ts';
import { businessTypes } from '../../db/schema/places.ts';
import { refreshMarketplacePrices } from '../prices/city-price.service.ts';

/** A drizzle transaction (same API as the database for what is used here). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

export interface CatalogueRefs {
  brandName: Map<number, string>;
  /** Category id -> its path of names ("Food > Rice & Grains > Basmati Rice") and its tier ids. */
  category: Map<number, { path: string; level: number; tiers: [number, number | null, number | null, number | null] }>;
  businessTypeName: Map<number, string>;
  lookups: CsvLookups;
}

/** Brands, categories and business types by id and by name (names compared lower-cased). */
export async function loadRefs(db: DbOrTx): Promise<CatalogueRefs> {
  const [brandRows, categoryRows, typeRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId }).from(categories),
    db.select({ id: businessTypes.id, name: businessTypes.name, parentId: businessTypes.parentId }).from(businessTypes),
  ]);
  // Products are offered to leaf types (a listing of a type includes the types below it).
  const parents = new Set(typeRows.map((t) => t.parentId));
  const leafTypes = typeRows.filter((t) => !parents.has(t.id));
  const byId = new Map(categoryRows.map((c) => [c.id, c]));
  const category: CatalogueRefs['category'] = new Map();
  const chain = (id: number): number[] => {
    const row = byId.get(id);
    if (!row) return [];
    return row.parentId === null ? [id] : [...chain(row.parentId), id];
  };
  for (const c of categoryRows) {
    const ids = chain(c.id);
    category.set(c.id, {
      path: ids.map((i) => byId.get(i)?.name ?? '').join(CATEGORY_PATH_SEPARATOR),
      level: c.level,
      tiers: [ids[0] as number, ids[1] ?? null, ids[2] ?? null, ids[3] ?? null],
    });
  }
  const lower = (s: string) => s.trim().toLowerCase();
  return {
    brandName: new Map(brandRows.map((b) => [b.id, b.name])),
    category,
    businessTypeName: new Map(leafTypes.map((t) => [t.id, t.name])),
    lookups: {
      brands: new Map(brandRows.map((b) => [lower(b.name), b.id])),
      categories: new Map([...category].map(([id, c]) => [lower(c.path), id])),
      businessTypes: new Map(leafTypes.map((t) => [lower(t.name), t.id])),
    },
  };
}

/** A product's editable columns, as read and as written (money as rupee text). */
export interface ProductState {
  id: number;
  sku: string;
  name: string;
  brandId: number;
  categoryId: number;
  businessTypeIds: number[];
  price: string;
  salePrice: string | null;
  tax: string;
  stock: number;
  active: boolean;
}

interface StateRow {
  id: number;
  sku: string;
  name: string;
  brand_id: number;
  tier1_id: number;
  tier2_id: number | null;
  tier3_id: number | null;
  tier4_id: number | null;
  types: number[] | null;
  price: string;
  sale: boolean;
  sale_price: string | null;
  tax: string;
  stock: number;
  active: boolean;
}

const toState = (r: StateRow): ProductState => ({
  id: r.id,
  sku: r.sku,
  name: r.name,
  brandId: r.brand_id,
  categoryId: r.tier4_id ?? r.tier3_id ?? r.tier2_id ?? r.tier1_id,
  businessTypeIds: (r.types ?? []).map(Number).sort((a, b) => a - b),
  price: r.price,
  // Off sale (pricing.ts isOnSale), a sale price left in the row is not the product's: the state has none.
  salePrice: isOnSale(r) ? r.sale_price : null,
  tax: r.tax,
  stock: r.stock,
  active: r.active,
});

/** Products by id or by SKU (`for update` inside a write, so nothing changes them between read and write). */
export async function readStates(db: DbOrTx, by: { ids?: readonly number[]; skus?: readonly string[] }, lock = false): Promise<ProductState[]> {
  const where = by.ids ? sql`p.id = any(${`{${by.ids.join(',')}}`}::int[])` : sql`p.sku = any(array(select jsonb_array_elements_text(${JSON.stringify(by.skus ?? [])}::jsonb)))`;
  const rows = await jsonRows<StateRow>(
    db,
    sql`select p.id, p.sku, p.name, p.brand_id, p.tier1_id, p.tier2_id, p.tier3_id, p.tier4_id, p.price::text as price, p.sale,
          p.sale_price::text as sale_price, p.tax::text as tax, p.stock, p.active,
          (select array_agg(t.business_type_id) from product_business_types t where t.product_id = p.id) as types
        from products p where ${where} order by p.id ${lock ? sql`for update of p` : sql``}`,
  );
  return rows.map(toState);
}

/** The state as the CSV writes it. */
export function stateCsvValues(s: ProductState, refs: CatalogueRefs) {
  return productCsvValues({
    sku: s.sku,
    name: s.name,
    brand_name: refs.brandName.get(s.brandId) ?? '',
    category_path: refs.category.get(s.categoryId)?.path ?? '',
    business_type_names: s.businessTypeIds.map((id) => refs.businessTypeName.get(id) ?? String(id)),
    price: s.price,
    sale: s.salePrice !== null,
    sale_price: s.salePrice,
    tax: s.tax,
    stock: s.stock,
    active: s.active,
  });
}

const CHUNK = 1000;
const chunks = <T>(list: readonly T[], size = CHUNK) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

function columnsOf(s: Omit<ProductState, 'id'>, refs: CatalogueRefs) {
  const category = refs.category.get(s.categoryId);
  if (!category) throw new Error(`no category ${s.categoryId}`);
  return {
    name: s.name,
    brandId: s.brandId,
    brandName: refs.brandName.get(s.brandId) ?? '',
    tier1Id: category.tiers[0],
    tier2Id: category.tiers[1],
    tier3Id: category.tiers[2],
    tier4Id: category.tiers[3],
    price: s.price,
    sale: s.salePrice !== null,
    salePrice: s.salePrice,
    tax: s.tax,
    sellPrice: fromPaisa(toPaisa(s.price) - toPaisa(s.tax)),
    stock: s.stock,
    active: s.active,
  };
}

/**
 * Writes the products' new states over their old ones (same ids, in one transaction): a statement
 * per thousand rows (the triggers of migration 0007 then raise the copies' change counter once per
 * statement), business types only where they changed, and the marketplace products sold as them.
 */
export async function writeStates(tx: Tx, changes: readonly { before: ProductState; after: ProductState }[], refs: CatalogueRefs): Promise<void> {
  for (const part of chunks(changes)) {
    const values = part.map(({ after }) => {
      const c = columnsOf(after, refs);
      return sql`(${after.id}::int, ${c.name}::text, ${c.brandId}::int, ${c.brandName}::text, ${c.tier1Id}::int, ${c.tier2Id}::int, ${c.tier3Id}::int,
        ${c.tier4Id}::int, ${c.price}::numeric, ${c.sale}::boolean, ${c.salePrice}::numeric, ${c.tax}::numeric, ${c.sellPrice}::numeric,
        ${c.stock}::int, ${c.active}::boolean)`;
    });
    await tx.execute(sql`update products p set name = v.name, brand_id = v.brand_id, brand_name = v.brand_name, tier1_id = v.t1, tier2_id = v.t2,
        tier3_id = v.t3, tier4_id = v.t4, price = v.price, sale = v.sale, sale_price = v.sale_price, tax = v.tax, sell_price = v.sell_price,
        stock = v.stock, active = v.active
      from (values ${sql.join(values, sql`, `)}) as v(id, name, brand_id, brand_name, t1, t2, t3, t4, price, sale, sale_price, tax, sell_price, stock, active)
      where p.id = v.id`);
  }
  const retyped = changes.filter((c) => c.before.businessTypeIds.join(',') !== c.after.businessTypeIds.join(','));
  await replaceBusinessTypes(tx, retyped.map((c) => c.after));
  await followInMarketplace(tx, changes, refs);
  // Decision 019: the marketplace's city records show what the cart charges, from the new price,
  // sale, tax and the city prices in effect (a city with its own price keeps it).
  const repriced = changes.filter(
    ({ before: b, after: a }) => b.price !== a.price || b.salePrice !== a.salePrice || b.tax !== a.tax || b.active !== a.active,
  );
  await refreshMarketplacePrices(tx, repriced.map((c) => c.after.id));
}

async function replaceBusinessTypes(tx: Tx, states: readonly ProductState[]) {
  if (states.length === 0) return;
  for (const part of chunks(states)) {
    await tx.execute(sql`delete from product_business_types where product_id = any(${`{${part.map((s) => s.id).join(',')}}`}::int[])`);
  }
  const links = states.flatMap((s) => s.businessTypeIds.map((businessTypeId) => ({ productId: s.id, businessTypeId })));
  for (const part of chunks(links, 2000)) await tx.insert(productBusinessTypes).values(part);
}

/** Inserts new products (a new SKU in a CSV); answers their ids in the same order. */
export async function insertStates(tx: Tx, states: readonly Omit<ProductState, 'id'>[], refs: CatalogueRefs): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(states)) {
    const rows = part.map((s) => {
      const c = columnsOf(s, refs);
      const category = refs.category.get(s.categoryId)!;
      const shelf = category.path.split(CATEGORY_PATH_SEPARATOR)[1] ?? category.path.split(CATEGORY_PATH_SEPARATOR)[0] ?? 'products';
      const slug = toSlug(s.name) || toSlug(s.sku);
      return {
        ...c,
        sku: s.sku,
        code: s.sku,
        url: slug,
        // The server draws a picture for every name until an image is uploaded (storage.routes.ts).
        urlName: `${toSlug(shelf)}/${slug}.svg`,
        productSubsys: category.tiers[0] === refs.lookups.categories.get('food') ? 'FOOD' : 'NONFOOD',
      };
    });
    const made = await tx.insert(products).values(rows).returning({ id: products.id });
    ids.push(...made.map((m) => m.id));
  }
  const withTypes = states.map((s, i) => ({ ...s, id: ids[i] as number })).filter((s) => s.businessTypeIds.length > 0);
  const links = withTypes.flatMap((s) => s.businessTypeIds.map((businessTypeId) => ({ productId: s.id, businessTypeId })));
  for (const part of chunks(links, 2000)) await tx.insert(productBusinessTypes).values(part);
  return ids;
}

/**
 * The marketplace products sold as these products follow them (docs/decisions/016-catalogue-editing.md):
 * name, brand and categories are copied. A rename gives the marketplace product the new name's slug
 * and keeps the old one as a redirect (followName). Prices are not copied here: the prices module's
 * refresher derives them (decision 019, writeStates).
 */
async function followInMarketplace(tx: Tx, changes: readonly { before: ProductState; after: ProductState }[], refs: CatalogueRefs) {
  const moved = changes.filter(({ before: b, after: a }) => b.name !== a.name || b.brandId !== a.brandId || b.categoryId !== a.categoryId);
  if (moved.length === 0) return;
  const ids = `{${moved.map((m) => m.after.id).join(',')}}`;
  const linked = await jsonRows<{ id: number; product_id: number }>(tx, sql`select id, product_id from bmpl_products where product_id = any(${ids}::int[])`);
  if (linked.length === 0) return;
  const byProduct = new Map(moved.map((m) => [m.after.id, m]));
  for (const b of linked) {
    const { before, after } = byProduct.get(b.product_id)!;
    const c = columnsOf(after, refs);
    // The marketplace lists level-2 categories and below: a product moved above them keeps its marketplace place.
    if (c.tier2Id !== null) {
      await tx.execute(sql`update bmpl_products set name = ${c.name}, bmpl_brand_id = ${c.brandId}, bmpl_brand_name = ${c.brandName},
          tier1_id = ${c.tier1Id}, tier2_id = ${c.tier2Id}, tier3_id = ${c.tier3Id}, tier4_id = ${c.tier4Id}
        where id = ${b.id} and (name, bmpl_brand_id, tier1_id, tier2_id, tier3_id, tier4_id) is distinct from
          (${c.name}::text, ${c.brandId}::int, ${c.tier1Id}::int, ${c.tier2Id}::int, ${c.tier3Id}::int, ${c.tier4Id}::int)`);
    } else {
      await tx.execute(sql`update bmpl_products set name = ${c.name}, bmpl_brand_id = ${c.brandId}, bmpl_brand_name = ${c.brandName}
        where id = ${b.id} and (name, bmpl_brand_id) is distinct from (${c.name}::text, ${c.brandId}::int)`);
    }
    if (before.name !== after.name) await followName(tx, b.id, after.name);
  }
}

/**
 * SPEC 2's slug rule for the new name (made unique with -2, -3 ... as the seed does), and the old
 * slug kept in bmpl_slug_redirects so the old marketplace address leads to the product (issue 19).
 */
async function followName(tx: Tx, marketplaceId: number, name: string) {
  const [current] = await jsonRows<{ slug: string }>(tx as unknown as Db, sql`select slug from bmpl_products where id = ${marketplaceId}`);
  const base = toSlug(name) || `product-${marketplaceId}`;
  if (!current || current.slug === base) return;
  const taken = new Set(
    (await jsonRows<{ slug: string }>(tx as unknown as Db, sql`select slug from bmpl_products where id <> ${marketplaceId} and (slug = ${base} or slug like ${`${base}-%`})`)).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  await tx.execute(sql`update bmpl_products set slug = ${slug} where id = ${marketplaceId}`);
  await tx.execute(sql`insert into bmpl_slug_redirects (old_slug, bmpl_product_id) values (${current.slug}, ${marketplaceId})
    on conflict (old_slug) do update set bmpl_product_id = excluded.bmpl_product_id`);
  // Back to an earlier name: its address is the product's own again.
  await tx.execute(sql`delete from bmpl_slug_redirects where old_slug = ${slug}`);
}
