// Issue 19's demo data: city prices and Buy More Pay Less thresholds in Lahore, a Lahore-only banner,
// ticker messages and feedback messages waiting in the inbox. Deterministic: the first in-stock
// products not on sale and not locked for a demo business. Decision 019: the marketplace's city
// records of storefront products show these prices (the refresher runs once at the end).
import { marketplaceGrossPrice } from '@shop/domain/marketplace-rules';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { MAX_ORDER_QUANTITY } from '@shop/domain/order-rules';
import { displayPrice } from '@shop/domain/pricing';
import { sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../db/client.ts';
import { banners } from '../db/schema/catalogue.ts';
import { cityPrices, quantityPrices, tickerMessages } from '../db/schema/prices-content.ts';
import { feedback } from '../db/schema/support.ts';
import { refreshMarketplacePrices } from '../modules/prices/city-price.service.ts';
import type { DemoAccounts } from './accounts.ts';
import type { DemoProduct } from './catalogue.ts';
import type { PlaceIds } from './places.ts';

const round10 = (paisa: number) => Math.round(paisa / 1000) * 1000;

export async function insertPricesAndContent(db: Db, places: PlaceIds, demo: readonly DemoProduct[], accounts: DemoAccounts): Promise<void> {
  const lahore = places.cityByName.get('Lahore') as number;
  const locked = new Set([...accounts.businesses.kiryana.prices.keys(), ...accounts.businesses.hotel.prices.keys()]);
  const plain = demo.filter((p) => p.draft.stock > 0 && p.draft.salePrice === null && !locked.has(p.id) && p.draft.price >= 50_000);
  // Storefront products the marketplace sells in Lahore (decision 019: their thresholds show there).
  const inLahoreMarketplace = new Set(
    (
      await jsonRows<{ id: number }>(
        db,
        sql`select distinct b.product_id as id from bmpl_products b join bmpl_product_cities pc on pc.bmpl_product_id = b.id
          where b.product_id is not null and pc.city_id = ${lahore}`,
      )
    ).map((r) => r.id),
  );
  // 20 products cost 2% less in Lahore; 20 others, sold in Lahore's marketplace too, have a threshold
  // there: 12 pieces or more, 6% less each.
  const city = plain.slice(0, 20);
  const cityIds = new Set(city.map((p) => p.id));
  const tiers = plain.filter((p) => !cityIds.has(p.id) && inLahoreMarketplace.has(p.id)).slice(0, 20);
  await db.insert(cityPrices).values(city.map((p) => ({ productId: p.id, cityId: lahore, price: fromPaisa(round10(p.draft.price * 0.98)) })));
  await db.insert(quantityPrices).values(tiers.map((p) => ({ productId: p.id, cityId: lahore, minQuantity: 12, unitPrice: fromPaisa(round10(p.draft.price * 0.94)) })));
  await otherCitiesPrices(db, lahore);
  // Every marketplace record of a storefront product shows what the cart charges (decision 019).
  await refreshMarketplacePrices(db, 'all');
  await db.insert(banners).values({
    name: 'Bmpl_Banners',
    title: 'Lahore only: bulk rice and flour deals',
    image: '/storage/art/desktop/lahore-bulk-deals.svg',
    isMobile: false,
    sortOrder: 0,
    link: '/bmpl',
    cityId: lahore,
  });
  await db.insert(tickerMessages).values([
    { text: 'Notice: our online ordering services will be closing soon. Please place your pending orders in time.', sortOrder: 1 },
    { text: 'Lahore: orders after 6 pm are delivered the day after tomorrow this week.', sortOrder: 2, cityId: lahore },
  ]);
  const owner = accounts.users.owner;
  await db.insert(feedback).values([
    { businessUserId: owner.id, name: owner.name, email: owner.email, mobileNo: owner.mobileNo, type: 'Complaint', subject: 'Late delivery', message: 'Our last order came a day late. Please deliver before noon.' },
    { name: 'Farah Naz Caterers', email: 'farah.caterers@example.pk', mobileNo: '03214567890', type: 'Suggestion', subject: 'Larger oil tins', message: 'Please stock 16 litre cooking oil tins.' },
  ]);
}

/**
 * Decision 019: the other cities' prices of the storefront products the marketplace sells. The
 * marketplace seed (marketplace.ts) draws each city's record at 95-105 % of the list price, some on
 * sale, some with a threshold; for a storefront product those become that city's price (its sale price
 * when on sale) and threshold, so the per-city variety stays while the cart charges what the page
 * shows. Lahore keeps exactly the README's 20 city prices and 20 thresholds. Marketplace-only records
 * keep their own prices.
 */
async function otherCitiesPrices(db: Db, lahore: number): Promise<void> {
  // The record's price as the marketplace shows it (marketplaceGrossPrice) and the product's displayed
  // price for a guest (displayPrice): packages/domain's rules, not written again here as SQL. The first
  // record (by id) of each product and city whose price differs from the product's becomes its city price.
  const records = await jsonRows<{ product_id: number; city_id: number; price: string; sale: boolean; sale_price: string | null; p_price: string; p_sale: boolean; p_sale_price: string | null }>(
    db,
    sql`select b.product_id, pc.city_id, pc.price::text as price, pc.sale, pc.sale_price::text as sale_price,
          p.price::text as p_price, p.sale as p_sale, p.sale_price::text as p_sale_price
        from bmpl_product_cities pc join bmpl_products b on b.id = pc.bmpl_product_id join products p on p.id = b.product_id
        where pc.city_id <> ${lahore}
        order by b.product_id, pc.city_id, pc.id`,
  );
  const chosen = new Map<string, { productId: number; cityId: number; price: string }>();
  for (const r of records) {
    const key = `${r.product_id}:${r.city_id}`;
    if (chosen.has(key)) continue;
    const cityPrice = marketplaceGrossPrice(r);
    const shown = displayPrice({ price: r.p_price, sale: r.p_sale, sale_price: r.p_sale_price, customer_specific_pricing: null });
    if (toPaisa(cityPrice) !== toPaisa(shown)) chosen.set(key, { productId: r.product_id, cityId: r.city_id, price: cityPrice });
  }
  const rows = [...chosen.values()];
  for (let i = 0; i < rows.length; i += 1000) await db.insert(cityPrices).values(rows.slice(i, i + 1000));
  await db.execute(sql`insert into quantity_prices (product_id, city_id, min_quantity, unit_price)
    select distinct on (b.product_id, pc.city_id) b.product_id, pc.city_id, pc.discount_threshold, pc.discount_price
    from bmpl_product_cities pc join bmpl_products b on b.id = pc.bmpl_product_id
    where b.product_id is not null and pc.city_id <> ${lahore} and pc.discount_threshold between 2 and ${MAX_ORDER_QUANTITY} and pc.discount_price > 0
    order by b.product_id, pc.city_id, pc.id`);
}
