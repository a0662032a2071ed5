// Issue 35: which products a business type is offered to (product_business_types, which the
// storefront's business-type listing reads). Staff add or take away a whole category or picked
// products; the change goes through the one full-row write path of products (catalogue-write.ts), so
// the catalogue copies and the CSV export follow it as they follow any edit.
import { BUSINESS_TYPE_PRODUCTS_SHOWN, type BusinessTypeProducts, type BusinessTypeProductsInput } from '@shop/domain/business-types';
import { sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { badRequest } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { StaffActor } from './catalogue-admin.service.ts';
import { loadRefs, type ProductState, readStates, type Tx, writeStates } from './catalogue-write.ts';

/** Products offered to each type directly (not through the types below it). */
export async function productCountsByBusinessType(db: Db): Promise<Map<number, number>> {
  const rows = await jsonRows<{ id: number; n: number }>(db, sql`select business_type_id as id, count(*)::int as n from product_business_types group by business_type_id`);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** The type's products by name (the first BUSINESS_TYPE_PRODUCTS_SHOWN) and how many there are. */
export async function businessTypeProducts(db: Db, typeId: number): Promise<BusinessTypeProducts> {
  const [count] = await jsonRows<{ n: number }>(db, sql`select count(*)::int as n from product_business_types where business_type_id = ${typeId}`);
  const refs = await loadRefs(db);
  const rows = await jsonRows<{ id: number; sku: string; name: string; category_id: number; active: boolean }>(
    db,
    sql`select p.id, p.sku, p.name, coalesce(p.tier4_id, p.tier3_id, p.tier2_id, p.tier1_id) as category_id, p.active
        from product_business_types t join products p on p.id = t.product_id
        where t.business_type_id = ${typeId} order by p.name, p.id limit ${BUSINESS_TYPE_PRODUCTS_SHOWN}`,
  );
  return {
    total: Number(count?.n ?? 0),
    products: rows.map((r) => ({ id: r.id, sku: r.sku, name: r.name, category: refs.category.get(Number(r.category_id))?.path ?? '', active: r.active })),
  };
}

/**
 * Offers the category's products (and those of the categories below it) or the picked products to
 * the type, or takes them away, inside the caller's transaction (which has checked that the type is
 * a leaf and holds its row). One audit entry names what was asked and how many products changed.
 */
export async function retypeProducts(tx: Tx, actor: StaffActor, type: { id: number; name: string }, input: BusinessTypeProductsInput): Promise<number> {
  const refs = await loadRefs(tx);
  let ids: number[];
  let category: string | null = null;
  if (input.category_id !== undefined) {
    category = refs.category.get(input.category_id)?.path ?? null;
    if (!category) throw badRequest('That category was not found.');
    const rows = await jsonRows<{ id: number }>(
      tx as unknown as Db,
      sql`select id from products where ${input.category_id}::int in (tier1_id, tier2_id, tier3_id, tier4_id) order by id`,
    );
    ids = rows.map((r) => Number(r.id));
  } else {
    ids = [...new Set(input.product_ids ?? [])];
  }
  if (ids.length === 0) return 0;
  const before = await readStates(tx, { ids }, true);
  if (input.product_ids && before.length !== ids.length) {
    const found = new Set(before.map((s) => s.id));
    throw badRequest(`There is no product ${ids.filter((id) => !found.has(id)).join(', ')}.`);
  }
  const changes: { before: ProductState; after: ProductState }[] = [];
  for (const b of before) {
    const has = b.businessTypeIds.includes(type.id);
    if (input.action === 'add' ? has : !has) continue;
    const typeIds = input.action === 'add' ? [...b.businessTypeIds, type.id].sort((x, y) => x - y) : b.businessTypeIds.filter((t) => t !== type.id);
    changes.push({ before: b, after: { ...b, businessTypeIds: typeIds } });
  }
  if (changes.length > 0) await writeStates(tx, changes, refs);
  await appendAudit(tx, {
    staffId: actor.staffId,
    ip: actor.ip,
    action: input.action === 'add' ? 'business_type.products.add' : 'business_type.products.remove',
    entity: 'business_type',
    entityId: type.id,
    before: null,
    after: { business_type: type.name, category, skus: changes.slice(0, 200).map((c) => c.after.sku), changed: changes.length },
  });
  return changes.length;
}
