// Product images (issue 19): uploaded once, served in a few widths as WebP and AVIF.

/** The widths made of every uploaded image (pixels); the largest is the image's own address. */
export const PRODUCT_IMAGE_WIDTHS = [160, 320, 640] as const;
export const PRODUCT_IMAGE_FORMATS = ['avif', 'webp'] as const;
export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const UPLOADED = /^\/api\/product-images\/([a-z0-9-]{1,80})-(\d+)\.webp$/;

/** The address of one width and format of an uploaded image (its key made by the server). */
export const productImagePath = (key: string, width: number, format: (typeof PRODUCT_IMAGE_FORMATS)[number]) => `/api/product-images/${key}-${width}.${format}`;

/**
 * For a product's url_name that is an uploaded image, the srcset of each format (the browser picks
 * AVIF when it can, else WebP, and the width the layout needs); null for any other image.
 */
export function productImageSources(urlName: string | null | undefined): { avif: string; webp: string } | null {
  const m = UPLOADED.exec(urlName ?? '');
  if (!m) return null;
  const key = m[1] as string;
  const set = (format: (typeof PRODUCT_IMAGE_FORMATS)[number]) => PRODUCT_IMAGE_WIDTHS.map((w) => `${productImagePath(key, w, format)} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
