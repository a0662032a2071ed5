// No zod here (issue 41): the storefront's shell and home page import this file, and zod would be
// about 15 KB gzip of every buyer's first load. Its schema is content.ts's SiteContentSchema.shop.

/**
 * What the storefront may say about its own size (issue 35: no demo text on a shop where it is not
 * true). Decided from the number of listed products, which the server counts up to SHOP_SIZE_COUNT_CAP.
 */
export const SHOP_SIZES = ['setting_up', 'some', 'thousands'] as const;
export type ShopSize = (typeof SHOP_SIZES)[number];
/** "Thousands" is true from two thousand listed products. */
export const THOUSANDS_FROM = 2_000;
export const SHOP_SIZE_COUNT_CAP = THOUSANDS_FROM;

export function shopSizeOf(listedProducts: number): ShopSize {
  if (listedProducts <= 0) return 'setting_up';
  return listedProducts >= THOUSANDS_FROM ? 'thousands' : 'some';
}

/** The storefront home's line under its heading. */
export const HOME_HERO_TEXT: Readonly<Record<ShopSize, string>> = {
  setting_up: 'This shop is being set up. Products will appear here once they are added.',
  some: 'Order at wholesale prices for shops, hotels, restaurants and offices.',
  thousands: 'Shop thousands of products for shops, hotels, restaurants and offices.',
};

/**
 * SPEC 1 (a closing-soon notice is always shown): the notice is a ticker message (the demo data has
 * it), so it shows where the shop's staff wrote it. With no message in effect the bar stays, saying
 * what is true: that the shop is being set up, or SPEC 1's own statement that prices are guide prices.
 */
export const TICKER_FALLBACK: Readonly<Record<ShopSize, string>> = {
  setting_up: 'This shop is being set up: ordering opens once its products are added.',
  some: 'Prices are guide prices; the final price is the one charged at delivery.',
  thousands: 'Prices are guide prices; the final price is the one charged at delivery.',
};

/** The storefront home's Business Types section before staff have added one. */
export const NO_BUSINESS_TYPES = 'Business types will appear here once the shop has added them.';
