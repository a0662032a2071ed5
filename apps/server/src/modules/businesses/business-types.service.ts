// Issue 35: the business types staff keep (role Catalogue): list, add, change (name, uploaded picture,
// order, parent, active), delete when nothing uses them, and which products each is offered to.
// Every write is audited in its transaction. The storefront (/api/read/Business_Types, the home's
// tiles, /business/:id) and the sign-up page show active types only.
import {
  type BusinessTypeInput,
  type BusinessTypeProductsInput,
  businessTypeDeleteRefusal,
  isLeafType,
  type StaffBusinessType,
} from '@shop/domain/business-types';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { businessTypes } from '../../db/schema/places.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { businessTypeProducts, productCountsByBusinessType, retypeProducts } from '../catalogue-admin/business-type-products.service.ts';
import { isStoredPicture } from '../storage/uploaded-images.service.ts';
import type { StaffActor, Tx } from './businesses.service.ts';

type TypeRow = typeof businessTypes.$inferSelect;

async function businessCounts(db: Db | Tx): Promise<Map<number, number>> {
  // A business of a sub-type names both its type and its sub-type: each counts it once.
  const rows = await jsonRows<{ id: number; n: number }>(
    db as Db,
    sql`select t.id, count(distinct b.id)::int as n from business_types t
        join businesses b on b.business_type_id = t.id or b.business_sub_type_id = t.id group by t.id`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

const toStaff = (t: TypeRow, rows: readonly TypeRow[], products: Map<number, number>, businesses: Map<number, number>): StaffBusinessType => ({
  id: t.id,
  name: t.name,
  image: t.image,
  parent_id: t.parentId,
  sort_order: t.sortOrder,
  active: t.active,
  sub_types: rows.filter((r) => r.parentId === t.id).length,
  products: products.get(t.id) ?? 0,
  businesses: businesses.get(t.id) ?? 0,
});

/** Every type (inactive ones too) in tree order, each with what uses it. */
export async function listStaffBusinessTypes(db: Db | Tx): Promise<StaffBusinessType[]> {
  const [rows, products, businesses] = await Promise.all([
    db.select().from(businessTypes).orderBy(asc(businessTypes.sortOrder), asc(businessTypes.name), asc(businessTypes.id)),
    productCountsByBusinessType(db as Db),
    businessCounts(db),
  ]);
  const ordered: TypeRow[] = [];
  const walk = (parentId: number | null, depth: number) => {
    if (depth > 10) return;
    for (const r of rows.filter((x) => x.parentId === parentId)) {
      ordered.push(r);
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return ordered.map((t) => toStaff(t, rows, products, businesses));
}

async function oneType(db: Db | Tx, id: number): Promise<StaffBusinessType> {
  const found = (await listStaffBusinessTypes(db)).find((t) => t.id === id);
  if (!found) throw notFound('There is no such business type.');
  return found;
}

/** Checks the parent (exists, not the type itself nor below it, holds no products of its own) and the picture. */
async function checkInput(tx: Tx, files: FileStore, input: BusinessTypeInput, id: number | null) {
  if (input.parent_id != null) {
    const rows = await tx.select({ id: businessTypes.id, parentId: businessTypes.parentId, name: businessTypes.name }).from(businessTypes);
    const parent = rows.find((r) => r.id === input.parent_id);
    if (!parent) throw badRequest('The parent type was not found.');
    for (let at: typeof parent | undefined = parent, n = 0; at && n < 20; at = rows.find((r) => r.id === at?.parentId), n++) {
      if (at.id === id) throw badRequest('A type cannot be placed under itself or under a type below it.');
    }
    // Products are offered to leaf types (the CSV names them): a type with products of its own gets no sub-types.
    const products = (await productCountsByBusinessType(tx as unknown as Db)).get(parent.id) ?? 0;
    if (products > 0) throw conflict(`${parent.name} is offered ${products} products of its own; take them away from it first, then add types under it.`);
  }
  if (input.image?.startsWith('/api/images/') && !(await isStoredPicture(files, input.image))) throw badRequest('The picture was not found; upload it again.');
}

async function checkName(tx: Tx, name: string, id: number | null) {
  const [same] = await tx.select({ id: businessTypes.id }).from(businessTypes).where(sql`lower(${businessTypes.name}) = lower(${name})`);
  if (same && same.id !== id) throw conflict(`A business type named ${name} exists already.`);
}

export async function addBusinessType(db: Db, files: FileStore, actor: StaffActor, input: BusinessTypeInput): Promise<StaffBusinessType> {
  return db.transaction(async (tx) => {
    // One writer of the tree at a time: two people cannot make a cycle or a leaf with children between them.
    await tx.execute(sql`lock table business_types in share row exclusive mode`);
    await checkName(tx, input.name, null);
    await checkInput(tx, files, input, null);
    const [row] = await tx
      .insert(businessTypes)
      .values({ name: input.name, image: input.image ?? null, parentId: input.parent_id ?? null, sortOrder: input.sort_order, active: input.active ?? true })
      .returning({ id: businessTypes.id });
    const after = await oneType(tx, row!.id);
    await appendAudit(tx, { ...actor, action: 'business_type.create', entity: 'business_type', entityId: after.id, before: null, after });
    return after;
  });
}

export async function changeBusinessType(db: Db, files: FileStore, actor: StaffActor, id: number, input: BusinessTypeInput): Promise<StaffBusinessType> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table business_types in share row exclusive mode`);
    const before = await oneType(tx, id);
    await checkName(tx, input.name, id);
    await checkInput(tx, files, input, id);
    await tx
      .update(businessTypes)
      .set({ name: input.name, image: input.image ?? null, parentId: input.parent_id ?? null, sortOrder: input.sort_order, active: input.active ?? before.active })
      .where(eq(businessTypes.id, id));
    const after = await oneType(tx, id);
    await appendAudit(tx, { ...actor, action: 'business_type.update', entity: 'business_type', entityId: id, before, after });
    return after;
  });
}

/** Deletes a type nothing uses; otherwise 409 with what uses it (deactivate it instead). */
export async function deleteBusinessType(db: Db, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table business_types in share row exclusive mode`);
    const before = await oneType(tx, id);
    const refusal = businessTypeDeleteRefusal(before.name, before);
    if (refusal) throw conflict(refusal);
    await tx.delete(businessTypes).where(eq(businessTypes.id, id));
    await appendAudit(tx, { ...actor, action: 'business_type.delete', entity: 'business_type', entityId: id, before, after: null });
  });
}

export const listBusinessTypeProducts = async (db: Db, id: number) => {
  await oneType(db, id);
  return businessTypeProducts(db, id);
};

/** Offers products to a leaf type or takes them away (catalogue-admin writes them through its one write path). */
export async function changeBusinessTypeProducts(db: Db, actor: StaffActor, id: number, input: BusinessTypeProductsInput): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table business_types in share row exclusive mode`);
    const type = await oneType(tx, id);
    if (input.action === 'add' && !isLeafType(type)) {
      throw conflict(`${type.name} has sub-types: products are offered to the types below it, and its page shows theirs.`);
    }
    return retypeProducts(tx, actor, type, input);
  });
}
