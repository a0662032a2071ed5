import { z } from 'zod';
import type { StaffRole } from './staff.ts';

/**
 * Issue 35: what a new shop still lacks before buyers can register and order, shown on the Admin's
 * start page and ticked from the database (GET /api/staff/go-live). Each item names the role whose
 * screen fixes it (decision 008: Admin does not imply the other roles) and links to that screen.
 */
export const GO_LIVE_ITEMS = ['city', 'business_type', 'categories', 'products', 'staff', 'mail', 'ticker', 'home_banner'] as const;
export type GoLiveItemKey = (typeof GO_LIVE_ITEMS)[number];

export interface GoLiveItemInfo {
  title: string;
  /** Why buyers need it. */
  why: string;
  /** Who does it: the role whose screen is linked, or 'Operator' for the server's configuration. */
  by: StaffRole | 'Operator';
  /** Staff screens (paths under /staff) that fix it; none for configuration. */
  links: readonly { label: string; path: string }[];
  /** Buyers can register and order without it (the checklist still shows it). */
  optional?: boolean;
}

export const GO_LIVE_INFO: Readonly<Record<GoLiveItemKey, GoLiveItemInfo>> = {
  city: {
    title: 'A city with areas',
    why: 'Sign-up asks for a City and an Area: without one, no buyer can register.',
    by: 'Admin',
    links: [{ label: 'Cities and areas', path: '/staff/admin/cities' }],
  },
  business_type: {
    title: 'A business type',
    why: 'Sign-up asks for a Business Type, and the storefront home shows the types.',
    by: 'Catalogue',
    links: [{ label: 'Business types', path: '/staff/catalogue/business-types' }],
  },
  categories: {
    title: 'Categories',
    why: 'Every product belongs to a category; buyers browse by them.',
    by: 'Catalogue',
    links: [{ label: 'Categories and brands', path: '/staff/catalogue/categories' }],
  },
  products: {
    title: 'Products with prices',
    why: 'A buyer orders listed products at a price above zero.',
    by: 'Catalogue',
    links: [
      { label: 'CSV import and export', path: '/staff/catalogue/imports' },
      { label: 'Prices', path: '/staff/prices' },
    ],
  },
  staff: {
    title: 'Staff for the order desk and finance',
    why: 'The desk confirms and delivers orders; Finance verifies businesses and records payments.',
    by: 'Admin',
    links: [{ label: 'Staff accounts', path: '/staff/admin/staff' }],
  },
  mail: {
    title: 'Mail configured',
    why: 'Password reset codes and replies to feedback reach buyers by mail.',
    by: 'Operator',
    links: [],
  },
  ticker: {
    title: 'A ticker message',
    why: 'The notice bar on every storefront page shows what staff write.',
    by: 'Catalogue',
    links: [{ label: 'Ticker and help number', path: '/staff/content/ticker' }],
  },
  home_banner: {
    title: 'A storefront home banner',
    why: 'The storefront home shows a plain heading until a banner is published.',
    by: 'Catalogue',
    links: [{ label: 'Banners', path: '/staff/content/banners' }],
    optional: true,
  },
};

export const GoLiveItemSchema = z.object({
  key: z.enum(GO_LIVE_ITEMS),
  done: z.boolean(),
  /** What the database holds (or what the configuration means), in a sentence. */
  detail: z.string(),
});
export type GoLiveItem = z.infer<typeof GoLiveItemSchema>;

export const GoLiveSchema = z.object({
  items: z.array(GoLiveItemSchema),
  /** Every item that is not optional is done. */
  ready: z.boolean(),
});
export type GoLive = z.infer<typeof GoLiveSchema>;

export const isGoLiveReady = (items: readonly GoLiveItem[]) => items.every((i) => i.done || GO_LIVE_INFO[i.key].optional === true);
