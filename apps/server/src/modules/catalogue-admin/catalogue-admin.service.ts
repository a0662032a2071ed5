// Finding and editing one product (issue 19, role Catalogue).
import {
  type CatalogueOptions,
  type ProductEditInput,
  normalMoney,
  priceRuleError,
  type StaffProduct,
  type StaffProductPage,
  type StaffProductQuery,
} from '@shop/domain/catalogue-admin';
import { sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { type CatalogueRefs, loadRefs, type ProductState, readStates, writeStates } from './catalogue-write.ts';

export interface StaffActor {
  staffId: number;
  ip: string;
}

export async function catalogueOptions(db: Db): Promise<CatalogueOptions> {
  const refs = await loadRefs(db);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    brands: [...refs.brandName].map(([id, name]) => ({ id, name })).sort(byName),
    categories: [...refs.category].map(([id, c]) => ({ id, level: c.level, path: c.path })).sort((a, b) => a.path.localeCompare(b.path)),
    business_types: [...refs.businessTypeName].map(([id, name]) => ({ id, name })).sort(byName),
  };
}

function toStaffProduct(s: ProductState, extra: { url_name: string; marketplace_ids: number[]; sell_price: string }, refs: CatalogueRefs): StaffProduct {
  const category = refs.category.get(s.categoryId);
  return {
    id: s.id,
    sku: s.sku,
    name: s.name,
    brand_id: s.brandId,
    brand_name: refs.brandName.get(s.brandId) ?? '',
    category_id: s.categoryId,
    category_path: category?.path ?? '',
    tier1Id: category?.tiers[0] ?? s.categoryId,
    tier2Id: category?.tiers[1] ?? null,
    tier3Id: category?.tiers[2] ?? null,
    tier4Id: category?.tiers[3] ?? null,
    business_type_ids: s.businessTypeIds,
    price: normalMoney(s.price),
    sale: s.salePrice !== null,
    sale_price: s.salePrice === null ? null : normalMoney(s.salePrice),
    tax: normalMoney(s.tax),
    sell_price: normalMoney(extra.sell_price),
    stock: s.stock,
    active: s.active,
    url_name: extra.url_name,
    marketplace_ids: extra.marketplace_ids,
  };
}

async function staffProducts(db: Db, ids: readonly number[], refs?: CatalogueRefs): Promise<StaffProduct[]> {
  if (ids.length === 0) return [];
  const [states, extras, r] = await Promise.all([
    readStates(db, { ids }),
    jsonRows<{ id: number; url_name: string; sell_price: string; marketplace_ids: number[] | null }>(
      db,
      sql`select p.id, p.url_name, p.sell_price::text as sell_price,
            (select array_agg(b.id order by b.id) from bmpl_products b where b.product_id = p.id) as marketplace_ids
          from products p where p.id = any(${`{${ids.join(',')}}`}::int[])`,
    ),
    refs ? Promise.resolve(refs) : loadRefs(db),
  ]);
  const extra = new Map(extras.map((e) => [e.id, e]));
  const byId = new Map(states.map((s) => [s.id, s]));
  return ids
    .map((id) => byId.get(id))
    .filter((s): s is ProductState => s !== undefined)
    .map((s) => {
      const e = extra.get(s.id)!;
      return toStaffProduct(s, { url_name: e.url_name, sell_price: e.sell_price, marketplace_ids: e.marketplace_ids ?? [] }, r);
    });
}

/** Products by SKU (exact, first) or by words of the name, inactive ones too. */
export async function findStaffProducts(db: Db, q: StaffProductQuery): Promise<StaffProductPage> {
  const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const conditions = words.map((w) => sql`(p.name ilike ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or p.sku ilike ${`${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`);
  if (q.active !== 'all') conditions.push(sql`p.active = ${q.active === 'yes'}`);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const exact = q.search ?? '';
  const rows = await jsonRows<{ id: number }>(
    db,
    sql`select p.id from products p where ${where} order by (p.sku = ${exact}) desc, p.name, p.id limit ${q.limit} offset ${q.offset}`,
  );
  const [count] = await jsonRows<{ n: number }>(db, sql`select count(*)::int as n from products p where ${where}`);
  return { products: await staffProducts(db, rows.map((r) => r.id)), total: count?.n ?? 0 };
}

export async function readStaffProduct(db: Db, id: number): Promise<StaffProduct> {
  const [product] = await staffProducts(db, [id]);
  if (!product) throw notFound('There is no such product.');
  return product;
}

/** The product's state after an edit, or a 400 with the reason. */
function applyEdit(before: ProductState, input: ProductEditInput, refs: CatalogueRefs): ProductState {
  const after: ProductState = { ...before, businessTypeIds: [...before.businessTypeIds] };
  if (input.name !== undefined) after.name = input.name;
  if (input.brand_id !== undefined) {
    if (!refs.brandName.has(input.brand_id)) throw badRequest('brand_id: there is no such brand.');
    after.brandId = input.brand_id;
  }
  if (input.category_id !== undefined) {
    if (!refs.category.has(input.category_id)) throw badRequest('category_id: there is no such category.');
    after.categoryId = input.category_id;
  }
  if (input.business_type_ids !== undefined) {
    const unknown = input.business_type_ids.filter((id) => !refs.businessTypeName.has(id));
    if (unknown.length) throw badRequest(`business_type_ids: there is no business type ${unknown.join(', ')}.`);
    after.businessTypeIds = [...input.business_type_ids].sort((a, b) => a - b);
  }
  if (input.price !== undefined) after.price = normalMoney(input.price);
  if (input.sale_price !== undefined) after.salePrice = input.sale_price === null ? null : normalMoney(input.sale_price);
  if (input.tax !== undefined) after.tax = normalMoney(input.tax);
  if (input.stock !== undefined) after.stock = input.stock;
  if (input.active !== undefined) after.active = input.active;
  const problem = priceRuleError({ price: after.price, sale_price: after.salePrice, tax: after.tax });
  if (problem) throw badRequest(problem);
  return after;
}

/** The fields that differ, for the audit entry. */
function difference(before: ProductState, after: ProductState) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ProductState)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/**
 * One product's edit, audited in the same transaction. The write raises the catalogue's change
 * counters (migration 0007 and 0008 triggers), which every instance's copies follow within 2 s.
 */
export async function editProduct(db: Db, actor: StaffActor, id: number, input: ProductEditInput): Promise<StaffProduct> {
  const refs = await loadRefs(db);
  await db.transaction(async (tx) => {
    const [before] = await readStates(tx as unknown as Db, { ids: [id] }, true);
    if (!before) throw notFound('There is no such product.');
    const after = applyEdit(before, input, refs);
    const diff = difference(before, after);
    if (Object.keys(diff.after).length === 0) return;
    await writeStates(tx, [{ before, after }], refs);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'product.edit', entity: 'product', entityId: id, ...diff });
  });
  return readStaffProduct(db, id);
}
