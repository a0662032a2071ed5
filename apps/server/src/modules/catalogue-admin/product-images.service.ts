// Product images (issue 19): an uploaded photo is checked by its bytes, turned by sharp into a few
// widths of WebP and AVIF, kept in the file store (local folder or S3, lib/file-store.ts) and served
// by GET /api/product-images/:file; the product's url_name becomes the largest WebP's address, from
// which the web builds its srcset (packages/domain productImageSources).
import { randomBytes } from 'node:crypto';
import { PRODUCT_IMAGE_FORMATS, PRODUCT_IMAGE_WIDTHS, productImagePath } from '@shop/domain/product-images';
import { sql } from 'drizzle-orm';
import type { Sharp } from 'sharp';
import { type Db, jsonRows } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { imageTypeOf } from '../uploads/uploads.service.ts';
import type { StaffActor } from './catalogue-admin.service.ts';

const CONTENT_TYPE = { avif: 'image/avif', webp: 'image/webp' } as const;
const FILE = /^([a-z0-9-]{1,80})-(\d+)\.(avif|webp)$/;

/** The stored name of one variant (product images live beside the documents, named apart by their prefix). */
const stored = (file: string) => `product-image-${file}`;

export async function uploadProductImage(db: Db, files: FileStore, actor: StaffActor, productId: number, bytes: Buffer): Promise<string> {
  if (!imageTypeOf(bytes)) throw badRequest('The image must be a PNG, JPEG or WebP photo.');
  const [found] = await jsonRows<{ url_name: string }>(db, sql`select url_name from products where id = ${productId}`);
  if (!found) throw notFound('There is no such product.');
  // Loaded on the first upload, not at start: sharp and libvips hold about 20 MB resident that a server
  // nobody uploads to never needs (issue 17, memory).
  const { default: sharp } = await import('sharp');
  let image: Sharp;
  let width: number;
  try {
    image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
    width = (await image.metadata()).width ?? 0;
  } catch {
    throw badRequest('The image could not be read; save it again as PNG or JPEG and upload it.');
  }
  if (width < 100) throw badRequest('The image is too small: at least 100 pixels wide.');
  const key = `p${productId}-${randomBytes(6).toString('hex')}`;
  for (const w of PRODUCT_IMAGE_WIDTHS) {
    // Never enlarged: a narrow photo's wider variants are the photo at its own width.
    const resized = image.clone().resize({ width: w, withoutEnlargement: true });
    for (const format of PRODUCT_IMAGE_FORMATS) {
      const out = format === 'avif' ? await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer() : await resized.clone().webp({ quality: 78 }).toBuffer();
      await files.put(stored(`${key}-${w}.${format}`), out, CONTENT_TYPE[format]);
    }
  }
  const urlName = productImagePath(key, PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1] as number, 'webp');
  await db.transaction(async (tx) => {
    await tx.execute(sql`update products set url_name = ${urlName} where id = ${productId}`);
    // The marketplace product sold as it shows the same picture.
    await tx.execute(sql`update bmpl_products set url_name = ${urlName} where product_id = ${productId}`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'product.image', entity: 'product', entityId: productId, before: { url_name: found.url_name }, after: { url_name: urlName } });
  });
  return urlName;
}

/** One variant's bytes and type, or null. */
export async function readProductImage(files: FileStore, file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const m = FILE.exec(file);
  if (!m) return null;
  const bytes = await files.get(stored(file));
  return bytes ? { bytes, contentType: CONTENT_TYPE[m[3] as 'avif' | 'webp'] } : null;
}
