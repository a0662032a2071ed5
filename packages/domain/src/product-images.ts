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

/**
 * Issue 35: the other pictures staff upload go the same way (checked, resized, kept in the file store)
 * and are served by GET /api/images/:file: banners in banner widths, category and business-type
 * pictures (tiles, posters, strip banners) in tile widths. The key's first letter names the kind.
 */
export const UPLOADED_IMAGE_KINDS = {
  banner: { letter: 'b', widths: [480, 960, 1600] },
  picture: { letter: 't', widths: [320, 640, 1280] },
} as const;
export type UploadedImageKind = keyof typeof UPLOADED_IMAGE_KINDS;
export const UPLOADED_IMAGE_MAX_BYTES = PRODUCT_IMAGE_MAX_BYTES;
/** The types an upload may be (checked again by the file's first bytes on the server). */
export const UPLOADED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_NOT_AN_IMAGE = 'The file is not a picture: upload a PNG, JPEG or WebP image.';
export const IMAGE_TOO_LARGE = `The picture is larger than ${UPLOADED_IMAGE_MAX_BYTES / 1024 / 1024} MB; save it smaller and upload it again.`;
/** The address an upload answers (its largest WebP), which banners, categories and business types keep. */
export const UPLOADED_IMAGE_PATH = /^\/api\/images\/([bt])-([0-9a-f]{12})-(\d{2,4})\.webp$/;

export const uploadedImagePath = (key: string, width: number, format: (typeof PRODUCT_IMAGE_FORMATS)[number]) => `/api/images/${key}-${width}.${format}`;

/** For an uploaded banner or picture's address, the srcset of each format; null for any other image. */
export function uploadedImageSources(path: string | null | undefined): { avif: string; webp: string } | null {
  const m = UPLOADED_IMAGE_PATH.exec(path ?? '');
  if (!m) return null;
  const kind = m[1] === 'b' ? UPLOADED_IMAGE_KINDS.banner : UPLOADED_IMAGE_KINDS.picture;
  const key = `${m[1]}-${m[2]}`;
  const set = (format: (typeof PRODUCT_IMAGE_FORMATS)[number]) => kind.widths.map((w) => `${uploadedImagePath(key, w, format)} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp') };
}
