// The API rows of a marketplace page, made from the copy's records only for the products a page returns.
import type { MarketplaceProduct } from '@shop/domain/marketplace';
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
