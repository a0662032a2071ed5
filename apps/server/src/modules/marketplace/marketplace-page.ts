// The API rows of a marketplace page, made from the copy's records only for the products a page returns.
import type { MarketplaceCityRecord, MarketplaceProduct, MarketplaceProductDetail } from '@shop/domain/marketplace';
import { fromPaisa } from '@shop/domain/money';
import { type CityRecords, paisaAt, productRow } from './marketplace-columns.ts';
import { type CategoryIndex, toBase } from './marketplace-rows.ts';
import type { Snapshot } from './marketplace-snapshot.ts';

const money = (v: number) => (Number.isNaN(v) ? null : fromPaisa(v));

/**
 * The list product of a record, as marketplace.service.ts's toListProduct makes it (toBase's fields, then
 * toCityRecord's, then customer_specific_pricing). The record's fields are written onto toBase's
 * object one by one: spreading two objects into a third cost most of a page's time.
 */
export function listProduct(s: Snapshot, c: CityRecords, k: number, city: string, categories: CategoryIndex): MarketplaceProduct {
  const p = toBase(productRow(s.products, c.product[k]!), categories) as MarketplaceProduct;
  p.city = city;
  p.price = fromPaisa(c.price[k]!);
  p.sale = c.sale[k] === 1;
  p.sale_price = money(paisaAt(c.salePrice, k));
  p.sell_price = fromPaisa(c.sellPrice[k]!);
  p.tax = fromPaisa(c.tax[k]!);
  p.stock = c.stock[k]!;
  p.discount_threshold = c.discountThreshold[k] === -1 ? null : c.discountThreshold[k]!;
  p.discount_price = money(paisaAt(c.discountPrice, k));
  p.original_price = money(paisaAt(c.originalPrice, k));
  p.discount_description = c.discountDescription.at(k);
  p.discount_price_tax = money(paisaAt(c.discountPriceTax, k));
  p.discount_price_without_tax = money(paisaAt(c.discountPriceWithoutTax, k));
  p.customer_specific_pricing = null;
  return p;
}

/**
 * Issue 41: a product page from the copy (marketplace.service.ts detailWhere, same answer): the
 * product's own fields and its record in each active city (`cities`: name by id, in id order). Null
 * when the copy has no active record of it in any active city: an inactive product, or one listed
 * nowhere, which SQL then answers (a 404, or the product without records).
 */
export function detailAt(s: Snapshot, i: number, cities: readonly { id: number; name: string }[], categories: CategoryIndex): MarketplaceProductDetail | null {
  const records: MarketplaceCityRecord[] = [];
  let base: Omit<MarketplaceProductDetail, 'bmpl_products_city'> | null = null;
  for (const city of cities) {
    const c = s.cities.get(city.id);
    const k = c ? c.recordOf[i]! : -1;
    if (!c || k < 0) continue;
    const { customer_specific_pricing: _, city: name, price, sale, sale_price, sell_price, tax, stock, discount_threshold, discount_price, original_price, discount_description, discount_price_tax, discount_price_without_tax, ...own } =
      listProduct(s, c, k, city.name, categories);
    base ??= own;
    records.push({ city: name, price, sale, sale_price, sell_price, tax, stock, discount_threshold, discount_price, original_price, discount_description, discount_price_tax, discount_price_without_tax });
  }
  return base ? { ...base, bmpl_products_city: records } : null;
}
