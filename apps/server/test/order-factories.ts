// Products and prices for the order tests (issue 5), made directly in the database.
import { brands, categories, products } from '../src/db/schema/catalogue.ts';
import { customerPrices } from '../src/db/schema/business.ts';
import type { Db } from '../src/db/client.ts';

let counter = 0;

export interface ProductOptions {
  price?: string;
  tax?: string;
  sellPrice?: string;
  stock?: number;
  sale?: boolean;
  salePrice?: string | null;
}

/** `count` products (default: Rs. 118.00 with Rs. 18.00 tax, stock 1000). */
export async function makeProducts(db: Db, count: number, options: ProductOptions = {}) {
  counter++;
  const [category] = await db.insert(categories).values({ name: `Food ${counter}`, slug: `food-${counter}`, level: 1 }).returning();
  const [brand] = await db.insert(brands).values({ name: `Brand ${counter}-${Date.now()}` }).returning();
  if (!category || !brand) throw new Error('no category');
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Product ${counter}-${i}`,
    urlName: `p-${counter}-${i}.svg`,
    url: `product-${counter}-${i}`,
    price: options.price ?? '118.00',
    sale: options.sale ?? false,
    salePrice: options.salePrice ?? null,
    stock: options.stock ?? 1000,
    sku: `SKU-${counter}-${i}-${Date.now()}`,
    code: `C${counter}${i}`,
    brandId: brand.id,
    brandName: brand.name,
    tax: options.tax ?? '18.00',
    sellPrice: options.sellPrice ?? '100.00',
    tier1Id: category.id,
    productSubsys: 'FOOD',
    articleMgb: `MGB-${i}`,
  }));
  return db.insert(products).values(rows).returning();
}

export async function setCustomerPrice(db: Db, businessId: number, productId: number, price: string) {
  await db.insert(customerPrices).values({ businessId, productId, price });
}

let keyCounter = 0;
export const newKey = () => `key-${Date.now()}-${++keyCounter}`;
