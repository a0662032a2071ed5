// Product images (issue 19): an uploaded photo goes the one upload path of pictures
// (storage/uploaded-images.service.ts: checked, a few widths of WebP and AVIF, the file store) and is
// served by GET /api/product-images/:file; the product's url_name becomes the largest WebP's address, from
// which the web builds its srcset (packages/domain productImageSources).
import { randomBytes } from 'node:crypto';
import { PRODUCT_IMAGE_WIDTHS, productImagePath } from '@shop/domain/product-images';
import { sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { type ImageShelf, NOT_AN_IMAGE, readImage, storeImage } from '../storage/uploaded-images.service.ts';
import { imageTypeOf } from '../uploads/uploads.service.ts';
import type { StaffActor } from './catalogue-admin.service.ts';

/** Product images live beside the documents, named apart by their prefix; served by GET /api/product-images/:file. */
const PRODUCTS: ImageShelf = { stored: (file) => `product-image-${file}`, path: productImagePath };

export async function uploadProductImage(db: Db, files: FileStore, actor: StaffActor, productId: number, bytes: Buffer): Promise<string> {
  if (!imageTypeOf(bytes)) throw badRequest(NOT_AN_IMAGE);
  const [found] = await jsonRows<{ url_name: string }>(db, sql`select url_name from products where id = ${productId}`);
  if (!found) throw notFound('There is no such product.');
  // The one upload path (storage/uploaded-images.service.ts), in the product photo's widths.
  const urlName = await storeImage(files, PRODUCTS, `p${productId}-${randomBytes(6).toString('hex')}`, PRODUCT_IMAGE_WIDTHS, bytes);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update products set url_name = ${urlName} where id = ${productId}`);
    // The marketplace product sold as it shows the same picture.
    await tx.execute(sql`update bmpl_products set url_name = ${urlName} where product_id = ${productId}`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'product.image', entity: 'product', entityId: productId, before: { url_name: found.url_name }, after: { url_name: urlName } });
  });
  return urlName;
}

/** One variant's bytes and type, or null. */
export const readProductImage = (files: FileStore, file: string) => readImage(files, PRODUCTS, file);
