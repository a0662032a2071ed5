import type { MarketplaceCityPrice } from '@shop/domain/pricing';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A marketplace city record (bmpl_product_cities.id) and the price columns it is to show. */
export type CityRecordPrices = MarketplaceCityPrice & { id: number };

/** Records per statement: one statement trigger per thousand moves the marketplace counters once. */
const CHUNK = 1000;

/**
 * Decision 019: writes the price columns of marketplace city records sold as storefront products, as
 * the prices module's refresher computed them (pricing.ts marketplaceCityPrice). One
 * `UPDATE … FROM (VALUES …)` per thousand records; the caller passes only records whose shown price
 * changed, and nothing is written for none (a statement trigger fires even for no rows).
 */
export async function writeCityRecordPrices(tx: Db | Tx, records: readonly CityRecordPrices[]): Promise<void> {
  for (let i = 0; i < records.length; i += CHUNK) {
    const values = records.slice(i, i + CHUNK).map(
      (r) => sql`(${r.id}::int, ${r.price}::numeric, ${r.sale}::boolean, ${r.sale_price}::numeric, ${r.sell_price}::numeric, ${r.tax}::numeric,
        ${r.discount_threshold}::int, ${r.discount_price}::numeric, ${r.original_price}::numeric, ${r.discount_price_tax}::numeric,
        ${r.discount_price_without_tax}::numeric, ${r.discount_description}::text)`,
    );
    await tx.execute(sql`update bmpl_product_cities pc set price = v.price, sale = v.sale, sale_price = v.sale_price, sell_price = v.sell_price,
        tax = v.tax, discount_threshold = v.threshold, discount_price = v.discount_price, original_price = v.original_price,
        discount_price_tax = v.discount_tax, discount_price_without_tax = v.discount_net, discount_description = v.description
      from (values ${sql.join(values, sql`, `)}) as v(id, price, sale, sale_price, sell_price, tax, threshold, discount_price, original_price, discount_tax, discount_net, description)
      where pc.id = v.id`);
  }
}
