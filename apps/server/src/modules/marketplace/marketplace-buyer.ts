import type { MarketplaceCityRecord, MarketplaceProduct, MarketplaceProductDetail } from '@shop/domain/marketplace';
import { lockedCityRecord } from '@shop/domain/marketplace-prices';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { marketplaceProducts } from '../../db/schema/marketplace.ts';
import type { PriceViews } from '../catalogue/price-views.service.ts';
import { lockedPricesOf } from '../catalogue/pricing.service.ts';

/**
 * Issue 36: the marketplace is the city's price list, the same for everyone (decision 019: what the
 * cart charges a business in that city without a locked price). A signed-in business with locked
 * prices is charged those instead, so in its own city it is shown them: the records of the products
 * it has a locked price for become what the cart charges it (lockedCityRecord), at the last step, on
 * the answer built for everyone. Null when nothing of the request is the caller's own.
 */
export interface LockedBuyer {
  businessId: number;
  cityId: number;
  /** Its city's name, as the marketplace's records name cities. */
  cityName: string;
}

/**
 * The caller's business when it has locked prices and, for a list (`listCityId`, the list's city),
 * the list is of its own city; null otherwise. A product page (listCityId left out) shows every
 * city's record: only the own city's is the business's.
 */
export async function lockedBuyerIn(views: PriceViews, businessId: number | null | undefined, listCityId?: number): Promise<LockedBuyer | null> {
  if (businessId == null) return null;
  const { view, key } = await views.of(businessId, undefined);
  // The key names the business only when it has a locked price in effect (price-views.service.ts).
  if (!key.startsWith('b') || view.cityId == null) return null;
  if (listCityId !== undefined && listCityId !== view.cityId) return null;
  const cityName = await views.cityName(view.cityId);
  return cityName === undefined ? null : { businessId, cityId: view.cityId, cityName };
}

/** The locked prices of the storefront products these marketplace products are sold as, by marketplace product id. */
async function lockedByMarketplaceId(db: Db, buyer: LockedBuyer, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const links = await db
    .select({ id: marketplaceProducts.id, productId: marketplaceProducts.productId })
    .from(marketplaceProducts)
    .where(and(inArray(marketplaceProducts.id, [...new Set(ids)]), isNotNull(marketplaceProducts.productId)));
  const locked = await lockedPricesOf(db, buyer.businessId, links.map((l) => l.productId!));
  const result = new Map<number, string>();
  for (const l of links) {
    const price = locked.get(l.productId!);
    if (price !== undefined) result.set(l.id, price);
  }
  return result;
}

/** List rows (one city's records) with the buyer's locked prices; the rows are changed in place. */
export async function withLockedPrices<P extends MarketplaceProduct>(db: Db, buyer: LockedBuyer, rows: P[]): Promise<P[]> {
  const locked = await lockedByMarketplaceId(db, buyer, rows.map((r) => r.bmpl_product_id));
  return rows.map((r) => {
    const price = locked.get(r.bmpl_product_id);
    return price === undefined ? r : { ...lockedCityRecord(r, price), customer_specific_pricing: price };
  });
}

/** A product page's records: the one of the buyer's own city (by name) with its locked price. */
export async function detailWithLockedPrices(db: Db, buyer: LockedBuyer, detail: MarketplaceProductDetail): Promise<MarketplaceProductDetail> {
  const locked = await lockedByMarketplaceId(db, buyer, [detail.bmpl_product_id]);
  const price = locked.get(detail.bmpl_product_id);
  if (price === undefined) return detail;
  const own = buyer.cityName.trim().toLowerCase();
  return {
    ...detail,
    bmpl_products_city: detail.bmpl_products_city.map((r: MarketplaceCityRecord) => (r.city.trim().toLowerCase() === own ? lockedCityRecord(r, price) : r)),
  };
}
