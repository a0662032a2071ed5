// Issue 35: the business types staff keep (role Catalogue): name, uploaded picture, order, parent,
// active, and which products each is offered to. Read by the server (which enforces it) and the staff app.
import { z } from 'zod';
import { UPLOADED_IMAGE_PATH } from './product-images.ts';

const Id = z.number().int().positive().max(2_147_483_647);

/**
 * A category or business-type picture: an address the upload answered (staff never type one), or the
 * demo's drawn art under /storage/ that the seed's types keep (so a demo type can be saved unchanged).
 */
export const UploadedPictureSchema = z
  .string()
  .trim()
  .max(200)
  .refine(
    (s) => (UPLOADED_IMAGE_PATH.test(s) && s.startsWith('/api/images/t-')) || (/^\/storage\/art\/[A-Za-z0-9._/-]+\.svg$/.test(s) && !s.includes('..')),
    'must be an uploaded picture: upload the picture first',
  );

export const BusinessTypeInputSchema = z.strictObject({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(60, 'must be at most 60 characters'),
  image: UploadedPictureSchema.nullable().optional(),
  /** Null: a top type (the storefront home shows the first two top types as its tiles). */
  parent_id: Id.nullable().optional(),
  sort_order: z.number().int().min(0).max(1000),
  active: z.boolean().optional(),
});
export type BusinessTypeInput = z.infer<typeof BusinessTypeInputSchema>;

export const StaffBusinessTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  sort_order: z.number().int(),
  active: z.boolean(),
  /** What uses it: types below it, products offered to it, businesses of this type or sub-type. */
  sub_types: z.number().int(),
  products: z.number().int(),
  businesses: z.number().int(),
});
export type StaffBusinessType = z.infer<typeof StaffBusinessTypeSchema>;

/** Offer products to a leaf type, or take them away: a whole category (with the categories below it), or products picked one by one. */
export const BusinessTypeProductsInputSchema = z
  .strictObject({
    action: z.enum(['add', 'remove']),
    category_id: Id.optional(),
    product_ids: z.array(Id).min(1).max(500).optional(),
  })
  .refine((v) => (v.category_id === undefined) !== (v.product_ids === undefined), { message: 'Name a category or products, not both.', path: ['category_id'] });
export type BusinessTypeProductsInput = z.infer<typeof BusinessTypeProductsInputSchema>;

export const BusinessTypeProductsSchema = z.object({
  total: z.number().int(),
  /** The first products by name (at most BUSINESS_TYPE_PRODUCTS_SHOWN). */
  products: z.array(z.object({ id: z.number().int(), sku: z.string(), name: z.string(), category: z.string(), active: z.boolean() })),
});
export type BusinessTypeProducts = z.infer<typeof BusinessTypeProductsSchema>;
export const BUSINESS_TYPE_PRODUCTS_SHOWN = 200;

export const BusinessTypeProductsResultSchema = z.object({ changed: z.number().int(), total: z.number().int() });

export interface BusinessTypeUsage {
  sub_types: number;
  products: number;
  businesses: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What uses a type, in words ("2 businesses and 14 products"); empty when nothing does. */
export function businessTypeUsage(u: BusinessTypeUsage): string {
  const parts = [
    u.businesses ? count(u.businesses, 'business', 'businesses') : '',
    u.products ? count(u.products, 'product', 'products') : '',
    u.sub_types ? count(u.sub_types, 'sub-type', 'sub-types') : '',
  ].filter(Boolean);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Why a type cannot be deleted, or null when it can (nothing uses it). */
export function businessTypeDeleteRefusal(name: string, u: BusinessTypeUsage): string | null {
  const used = businessTypeUsage(u);
  return used ? `${name} cannot be deleted: ${used} use it. Make it inactive instead (the shop then stops showing it).` : null;
}

/** Products are offered to leaf types only (a type's listing includes the types below it). */
export const isLeafType = (u: Pick<BusinessTypeUsage, 'sub_types'>) => u.sub_types === 0;
