// Issue 36: the marketplace's records as a buyer with own prices is charged them.
import type { CityRecordPriceColumns } from './marketplace-rules.ts';
import { fromPaisa, toPaisa } from './money.ts';
import { splitTax } from './pricing.ts';

/**
 * Issue 36: a city record as a business with a locked (customer-specific) price of its product sees
 * it in the business's own city: what the cart charges that business (pricing.ts cartUnitPrice: the
 * locked price, never lowered or raised by a sale or a threshold), split at the record's own tax rate.
 */
export function lockedCityRecord<R extends CityRecordPriceColumns>(record: R, locked: string): R {
  const { tax, sell_price } = splitTax(locked, record.tax, record.sell_price);
  return {
    ...record,
    price: fromPaisa(toPaisa(locked)),
    sale: false,
    sale_price: null,
    sell_price,
    tax,
    discount_threshold: null,
    discount_price: null,
    original_price: null,
    discount_description: null,
    discount_price_tax: null,
    discount_price_without_tax: null,
  };
}

