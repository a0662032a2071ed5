// Issue 19: banners, the closing-soon ticker, the information pages and the help number, as staff set them.
import { z } from 'zod';
import { CityNameSchema } from './places.ts';
import { KarachiMomentSchema } from './prices.ts';
import { UPLOADED_IMAGE_PATH } from './product-images.ts';
import { SHOP_SIZES } from './shop-size.ts';

/**
 * Where a banner shows, each read by a page for the visitor's city and the banner's period: the
 * marketplace home's carousel and its two tile grids, the storefront home's carousel (issue 35: it was
 * offered and shown nowhere) and a marketplace category page (a Food level-2 category, the categories
 * the marketplace has pages for).
 */
export const BANNER_PLACES = ['Bmpl_Banners', 'Bmpl_Featured', 'Bmpl_Popular', 'Home_Banners', 'Category_Banners'] as const;
export const BANNER_PLACE_LABELS: Readonly<Record<(typeof BANNER_PLACES)[number], string>> = {
  Bmpl_Banners: 'Marketplace home',
  Bmpl_Featured: 'Marketplace featured tile',
  Bmpl_Popular: 'Marketplace popular tile',
  Home_Banners: 'Storefront home',
  Category_Banners: 'Marketplace category page',
};

/** SPEC 2: the information pages, by their route. */
export const INFO_PAGES = ['faqs', 'termsAndConditions', 'privacypolicy'] as const;
export type InfoPageSlug = (typeof INFO_PAGES)[number];
export const INFO_PAGE_TITLES: Readonly<Record<InfoPageSlug, string>> = {
  faqs: 'FAQs',
  termsAndConditions: 'Terms and Conditions',
  privacypolicy: 'Privacy Policy',
};

/** A scheduled thing (banner, ticker message) shows from starts_at (null: always has) until ends_at (null: no end). */
export function isShownAt(row: { starts_at: string | null; ends_at: string | null }, at: number): boolean {
  return (row.starts_at == null || Date.parse(row.starts_at) <= at) && (row.ends_at == null || Date.parse(row.ends_at) > at);
}

/**
 * Images are ours (the Content-Security-Policy allows no other host): an uploaded banner (issue 35: the
 * address POST /api/staff/images/banner answered; staff never type one), or the demo's drawn art under
 * /storage/ that the seed's banners keep.
 */
const ImagePath = z
  .string()
  .trim()
  .max(300)
  .refine((s) => (UPLOADED_IMAGE_PATH.test(s) && s.startsWith('/api/images/b-')) || (/^\/storage\/[A-Za-z0-9._/-]+$/.test(s) && !s.includes('..')), 'must be an uploaded banner image: upload the picture first');
const LinkPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/[A-Za-z0-9._~/?=&%-]*$/, 'must be a path of this shop, starting with /');
const Moment = KarachiMomentSchema.nullable().optional();
const periodOk = (v: { starts_at?: string | null; ends_at?: string | null }) => v.starts_at == null || v.ends_at == null || Date.parse(v.ends_at) > Date.parse(v.starts_at);
const periodMessage = { message: 'The end must be after the start.', path: ['ends_at'] };

const BannerFields = {
  name: z.enum(BANNER_PLACES),
  /** What the banner shows, read by screen readers (empty: 'Offer 1 of 3'). */
  title: z.string().trim().max(120),
  image: ImagePath,
  is_mobile: z.boolean(),
  link: LinkPath.nullable().optional(),
  /** Null: every city. */
  city: CityNameSchema.nullable().optional(),
  category_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  sort_order: z.number().int().min(0).max(1000),
  enable: z.boolean().optional(),
  starts_at: Moment,
  ends_at: Moment,
};
export const BannerInputSchema = z
  .strictObject(BannerFields)
  .refine(periodOk, periodMessage)
  .refine((v) => (v.name === 'Category_Banners') === (v.category_id != null), { message: 'A category page banner needs its category, and only it.', path: ['category_id'] });
export type BannerInput = z.infer<typeof BannerInputSchema>;

export const StaffBannerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  image: z.string(),
  is_mobile: z.boolean(),
  link: z.string().nullable(),
  city: z.string().nullable(),
  category_id: z.number().int().nullable(),
  sort_order: z.number().int(),
  enable: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type StaffBanner = z.infer<typeof StaffBannerSchema>;

export const TickerInputSchema = z
  .strictObject({
    text: z.string().trim().min(1, 'must not be empty').max(300, 'must be at most 300 characters'),
    city: CityNameSchema.nullable().optional(),
    sort_order: z.number().int().min(0).max(1000),
    starts_at: Moment,
    ends_at: Moment,
  })
  .refine(periodOk, periodMessage);
export type TickerInput = z.infer<typeof TickerInputSchema>;

export const StaffTickerSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  city: z.string().nullable(),
  sort_order: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type StaffTicker = z.infer<typeof StaffTickerSchema>;

export const InfoPageSchema = z.object({ slug: z.enum(INFO_PAGES), title: z.string(), body: z.string(), version: z.number().int(), updated_at: z.string() });
export type InfoPage = z.infer<typeof InfoPageSchema>;
export const InfoPageInputSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1, 'must not be empty').max(50_000),
  /** The version the editor started from (0: the page was never saved): a save over another's is refused. */
  version: z.number().int().min(0),
});

/** SPEC 1: the help number, digits (spaces and other characters are removed when it is used). */
export const HelpNumberInputSchema = z.strictObject({
  help_no: z.string().trim().regex(/^\+?[\d\s-]{10,20}$/, 'must be a phone number, e.g. +92 300 1234567'),
});

/** What every storefront page reads: the city's ticker messages in order, the help number, and what the shop may say of its size. */
export const SiteContentSchema = z.object({
  ticker: z.array(z.object({ id: z.number().int(), text: z.string() })),
  help_no: z.string().nullable(),
  /** Issue 35: from the number of listed products (shop-size.ts shopSizeOf). */
  shop: z.enum(SHOP_SIZES),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;
export const SiteContentQuerySchema = z.strictObject({ city: CityNameSchema.optional() });

/** A block of an information page's text: a heading, a paragraph or a list. */
export type PageBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * How staff write an information page, read the same by the storefront and the editor's preview:
 * blocks separated by an empty line; a block starting "## " is a heading; a block whose lines start
 * with "- " is a list; any other block is a paragraph. Plain text only: nothing is read as HTML.
 */
export function pageBlocks(body: string): PageBlock[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((block): PageBlock => {
      if (block.startsWith('## ')) return { kind: 'heading', text: block.slice(3).trim() };
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => l.startsWith('- '))) return { kind: 'list', items: lines.map((l) => l.slice(2).trim()) };
      return { kind: 'paragraph', text: lines.join(' ') };
    });
}
