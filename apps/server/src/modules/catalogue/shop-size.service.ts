import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';

/**
 * Issue 35: how many products buyers see listed (active, priced above zero), counted up to `cap`: the
 * storefront only needs to know whether it is empty and whether "thousands" is true, so a catalogue of
 * 100,000 is not counted to the end on every page.
 */
export async function countListedProducts(db: Db, cap: number): Promise<number> {
  const listed = db.select({ one: sql`1` }).from(products).where(and(eq(products.active, true), gt(products.price, '0'))).limit(cap).as('listed');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(listed);
  return row?.n ?? 0;
}
