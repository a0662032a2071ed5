// Categories and brands (issue 19): add, rename, reorder categories; add, rename and merge brands.
// A category's slug is made once and kept through renames, so its marketplace address stays; the
// triggers of migration 0019 move the copies' change counters on every write here.
import { CATEGORY_LEVEL_MAX, type StaffBrand, type StaffCategory } from '@shop/domain/catalogue-admin';
import { toSlug } from '@shop/domain/slug';
import { eq, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { brands, categories, products } from '../../db/schema/catalogue.ts';
import { marketplaceProducts } from '../../db/schema/marketplace.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { isStoredPicture } from '../storage/uploaded-images.service.ts';
import type { StaffActor } from './catalogue-admin.service.ts';
import { loadRefs } from './catalogue-write.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rows = <T>(db: Db | Tx, q: ReturnType<typeof sql>) => jsonRows<T>(db as Db, q);

export async function listCategories(db: Db): Promise<StaffCategory[]> {
  const refs = await loadRefs(db);
  const found = await rows<Omit<StaffCategory, 'path'>>(
    db,
    sql`select c.id, c.name, c.slug, c.level, c.parent_id, c.sort_order, c.image,
          (select count(*)::int from products p where p.active and (p.tier1_id = c.id or p.tier2_id = c.id or p.tier3_id = c.id or p.tier4_id = c.id)) as products
        from categories c`,
  );
  const path = (id: number) => refs.category.get(id)?.path ?? '';
  // In tree order: each category after its parent, siblings by their order.
  const children = new Map<number | null, Omit<StaffCategory, 'path'>[]>();
  for (const c of found) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c]);
  const out: StaffCategory[] = [];
  const walk = (parent: number | null) => {
    for (const c of (children.get(parent) ?? []).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)) {
      out.push({ ...c, path: path(c.id) });
      walk(c.id);
    }
  };
  walk(null);
  return out;
}

async function siblingNamed(tx: Tx, parentId: number | null, name: string, except = 0) {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select id from categories where parent_id is not distinct from ${parentId} and lower(name) = ${name.toLowerCase()} and id <> ${except} limit 1`,
  );
  return row !== undefined;
}

export async function addCategory(db: Db, actor: StaffActor, input: { name: string; parent_id: number | null }): Promise<number> {
  return db.transaction(async (tx) => {
    let level = 1;
    let tier2: number | null = null;
    if (input.parent_id !== null) {
      const [parent] = await rows<{ level: number; tier2_id: number | null; id: number }>(tx, sql`select id, level, tier2_id from categories where id = ${input.parent_id}`);
      if (!parent) throw badRequest('parent_id: there is no such category.');
      level = parent.level + 1;
      if (level > CATEGORY_LEVEL_MAX) throw badRequest(`Categories go ${CATEGORY_LEVEL_MAX} levels deep at most (SPEC 3); choose a parent higher up.`);
      tier2 = level === 3 || level === 4 ? parent.tier2_id : null;
    }
    if (await siblingNamed(tx, input.parent_id, input.name)) throw conflict(`There is already a category "${input.name}" there.`);
    const slug = toSlug(input.name);
    if (!slug) throw badRequest('name: must contain letters or digits.');
    const [{ n } = { n: 1 }] = await rows<{ n: number }>(tx, sql`select coalesce(max(sort_order), 0) + 1 as n from categories where parent_id is not distinct from ${input.parent_id}`);
    const [made] = await tx
      .insert(categories)
      .values({
        name: input.name,
        slug,
        level,
        parentId: input.parent_id,
        tier2Id: tier2,
        image: `/storage/art/tile/${slug}.svg`,
        poster: `/storage/art/poster/${slug}.svg`,
        banner: `/storage/art/desktop/${slug}.svg`,
        sortOrder: n,
      })
      .returning({ id: categories.id });
    const id = made!.id;
    // SPEC 3: a level-2 category's tier2_id is itself.
    if (level === 2) await tx.execute(sql`update categories set tier2_id = id where id = ${id}`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'category.create', entity: 'category', entityId: id, before: null, after: { name: input.name, slug, level, parent_id: input.parent_id } });
    return id;
  });
}

/** A new name; the slug (and with it the marketplace address) stays. */
export async function renameCategory(db: Db, actor: StaffActor, id: number, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await rows<{ name: string; parent_id: number | null }>(tx, sql`select name, parent_id from categories where id = ${id} for update`);
    if (!c) throw notFound('There is no such category.');
    if (c.name === name) return;
    if (await siblingNamed(tx, c.parent_id, name, id)) throw conflict(`There is already a category "${name}" there.`);
    await tx.execute(sql`update categories set name = ${name} where id = ${id}`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'category.rename', entity: 'category', entityId: id, before: { name: c.name }, after: { name } });
  });
}

/**
 * Issue 35: the category's tile picture, an upload's address (checked to be stored: staff never type
 * one). The change triggers of migration 0019 move the copies, which show it within seconds.
 */
export async function setCategoryPicture(db: Db, files: FileStore, actor: StaffActor, id: number, image: string): Promise<void> {
  if (image.startsWith('/api/images/') && !(await isStoredPicture(files, image))) throw badRequest('The picture was not found; upload it again.');
  await db.transaction(async (tx) => {
    const [c] = await rows<{ image: string | null }>(tx, sql`select image from categories where id = ${id} for update`);
    if (!c) throw notFound('There is no such category.');
    if (c.image === image) return;
    await tx.execute(sql`update categories set image = ${image} where id = ${id}`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'category.picture', entity: 'category', entityId: id, before: { image: c.image }, after: { image } });
  });
}

/** One place up or down among its siblings (the order the menus and tiles show). */
export async function moveCategory(db: Db, actor: StaffActor, id: number, direction: 'up' | 'down'): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await rows<{ parent_id: number | null }>(tx, sql`select parent_id from categories where id = ${id}`);
    if (!c) throw notFound('There is no such category.');
    const siblings = await rows<{ id: number }>(
      tx,
      sql`select id from categories where parent_id is not distinct from ${c.parent_id} order by sort_order, id for update`,
    );
    const ids = siblings.map((s) => s.id);
    const at = ids.indexOf(id);
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) throw badRequest(`It is ${direction === 'up' ? 'first' : 'last'} already.`);
    [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
    // Renumbered 1..n: the order is exactly the list's, whatever numbers were there before.
    await tx.execute(sql`update categories c set sort_order = v.n from (values ${sql.join(ids.map((x, i) => sql`(${x}::int, ${i + 1}::int)`), sql`, `)}) as v(id, n) where c.id = v.id`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'category.move', entity: 'category', entityId: id, before: { position: at + 1 }, after: { position: to + 1 } });
  });
}

export async function listBrands(db: Db): Promise<StaffBrand[]> {
  return rows<StaffBrand>(
    db,
    sql`select b.id, b.name, (select count(*)::int from products p where p.brand_id = b.id) as products,
          (select count(*)::int from bmpl_products m where m.bmpl_brand_id = b.id) as marketplace_products
        from brands b order by lower(b.name), b.id`,
  );
}

async function brandNamed(tx: Tx, name: string, except = 0) {
  const [row] = await rows<{ id: number }>(tx, sql`select id from brands where lower(name) = ${name.toLowerCase()} and id <> ${except} limit 1`);
  return row !== undefined;
}

export async function addBrand(db: Db, actor: StaffActor, name: string): Promise<number> {
  return db.transaction(async (tx) => {
    if (await brandNamed(tx, name)) throw conflict(`There is already a brand "${name}".`);
    const [made] = await tx.insert(brands).values({ name }).returning({ id: brands.id });
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'brand.create', entity: 'brand', entityId: made!.id, before: null, after: { name } });
    return made!.id;
  });
}

/** A new name, shown at once on every product of the brand (storefront and marketplace). */
export async function renameBrand(db: Db, actor: StaffActor, id: number, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [b] = await rows<{ name: string }>(tx, sql`select name from brands where id = ${id} for update`);
    if (!b) throw notFound('There is no such brand.');
    if (b.name === name) return;
    if (await brandNamed(tx, name, id)) throw conflict(`There is already a brand "${name}"; merge the two instead.`);
    await tx.execute(sql`update brands set name = ${name} where id = ${id}`);
    await tx.execute(sql`update products set brand_name = ${name} where brand_id = ${id}`);
    await tx.execute(sql`update bmpl_products set bmpl_brand_name = ${name} where bmpl_brand_id = ${id}`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'brand.rename', entity: 'brand', entityId: id, before: { name: b.name }, after: { name } });
  });
}

/** Every product of one brand moves to the other; the emptied brand is removed. */
export async function mergeBrand(db: Db, actor: StaffActor, id: number, intoId: number): Promise<{ products: number; marketplace_products: number }> {
  if (id === intoId) throw badRequest('Choose two different brands to merge.');
  return db.transaction(async (tx) => {
    const found = await rows<{ id: number; name: string }>(tx, sql`select id, name from brands where id in (${id}, ${intoId}) for update`);
    const from = found.find((b) => b.id === id);
    const into = found.find((b) => b.id === intoId);
    if (!from) throw notFound('There is no such brand.');
    if (!into) throw badRequest('into_id: there is no such brand.');
    const moved = await tx.update(products).set({ brandId: intoId, brandName: into.name }).where(eq(products.brandId, id)).returning({ id: products.id });
    const market = await tx.update(marketplaceProducts).set({ brandId: intoId, brandName: into.name }).where(eq(marketplaceProducts.brandId, id)).returning({ id: marketplaceProducts.id });
    await tx.execute(sql`delete from brands where id = ${id}`);
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'brand.merge',
      entity: 'brand',
      entityId: id,
      before: { id, name: from.name, products: moved.map((p) => p.id), marketplace_products: market.map((p) => p.id) },
      after: { merged_into: intoId, name: into.name },
    });
    return { products: moved.length, marketplace_products: market.length };
  });
}
