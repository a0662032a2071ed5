import { z } from 'zod';

/** Money as the API sends it: rupees with two decimals, as a string ("1234.50"), never a float. */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * SPEC 3: a product as the API answers it. Prices are the ones the caller's business pays:
 * customer_specific_pricing is set only for the caller's own business (never another's).
 */
export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_name: z.string(),
  url: z.string(),
  price: MoneySchema,
  sale: z.boolean(),
  sale_price: MoneySchema.nullable(),
  customer_specific_pricing: MoneySchema.nullable(),
  stock: z.number().int(),
  sku: z.string(),
  code: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  description: z.string(),
  weight: z.string(),
  product_subsys: z.string(),
  tax: MoneySchema,
  sell_price: MoneySchema,
  tier1Id: z.number().int(),
  tier2Id: z.number().int().nullable(),
  tier3Id: z.number().int().nullable(),
  tier4Id: z.number().int().nullable(),
  tier2_id: z.number().int().nullable(),
  tier3_id: z.number().int().nullable(),
  add_to_cart_count: z.number().int(),
  viewed_count: z.number().int(),
  article_mgb: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;
