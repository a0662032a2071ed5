// The one upload path of pictures (issues 19 and 35): product photos, banners, category and
// business-type pictures. An image is checked by its bytes, turned by sharp into a few widths of WebP
// and AVIF and kept in the file store (local folder or S3, lib/file-store.ts); the caller keeps the
// largest WebP's address, from which the web builds its srcset (packages/domain product-images.ts).
import { randomBytes } from 'node:crypto';
import {
  IMAGE_NOT_AN_IMAGE,
  IMAGE_TOO_LARGE,
  PRODUCT_IMAGE_FORMATS,
  UPLOADED_IMAGE_KINDS,
  UPLOADED_IMAGE_MAX_BYTES,
  UPLOADED_IMAGE_PATH,
  type UploadedImageKind,
  uploadedImagePath,
} from '@shop/domain/product-images';
import type { Sharp } from 'sharp';
import type { FileStore } from '../../lib/file-store.ts';
import { badRequest } from '../../lib/http-error.ts';
import { imageTypeOf } from '../uploads/uploads.service.ts';

const CONTENT_TYPE = { avif: 'image/avif', webp: 'image/webp' } as const;
const FILE = /^([a-z0-9-]{1,80})-(\d+)\.(avif|webp)$/;
type Format = (typeof PRODUCT_IMAGE_FORMATS)[number];

export { IMAGE_NOT_AN_IMAGE as NOT_AN_IMAGE } from '@shop/domain/product-images';

/** Where one family of pictures is kept and served: its stored names and its public address. */
export interface ImageShelf {
  stored(file: string): string;
  path(key: string, width: number, format: Format): string;
}

/** Banners and category and business-type pictures (issue 35), served by GET /api/images/:file. */
export const PICTURES: ImageShelf = { stored: (file) => `image-${file}`, path: uploadedImagePath };

/**
 * Checks and stores an image in the given widths (never enlarged: a narrow picture's wider variants are
 * the picture at its own width); answers the largest WebP's address. Nothing is stored when it fails.
 */
export async function storeImage(files: FileStore, shelf: ImageShelf, key: string, widths: readonly number[], bytes: Buffer, minWidth = 100): Promise<string> {
  if (bytes.length > UPLOADED_IMAGE_MAX_BYTES) throw badRequest(IMAGE_TOO_LARGE);
  if (!imageTypeOf(bytes)) throw badRequest(IMAGE_NOT_AN_IMAGE);
  // Loaded on the first upload, not at start: sharp and libvips hold about 20 MB resident that a server
  // nobody uploads to never needs (issue 17, memory).
  const { default: sharp } = await import('sharp');
  let image: Sharp;
  let width: number;
  try {
    image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
    width = (await image.metadata()).width ?? 0;
  } catch {
    throw badRequest('The picture could not be read; save it again as PNG or JPEG and upload it.');
  }
  if (width < minWidth) throw badRequest(`The picture is too small: at least ${minWidth} pixels wide.`);
  const outputs: { name: string; bytes: Buffer; type: string }[] = [];
  try {
    for (const w of widths) {
      const resized = image.clone().resize({ width: w, withoutEnlargement: true });
      for (const format of PRODUCT_IMAGE_FORMATS) {
        const out = format === 'avif' ? await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer() : await resized.clone().webp({ quality: 78 }).toBuffer();
        outputs.push({ name: shelf.stored(`${key}-${w}.${format}`), bytes: out, type: CONTENT_TYPE[format] });
      }
    }
  } catch {
    throw badRequest('The picture could not be read; save it again as PNG or JPEG and upload it.');
  }
  for (const o of outputs) await files.put(o.name, o.bytes, o.type);
  return shelf.path(key, widths[widths.length - 1] as number, 'webp');
}

/** Issue 35: a banner or a category or business-type picture, stored under a new random key. */
export function uploadPicture(files: FileStore, kind: UploadedImageKind, bytes: Buffer): Promise<string> {
  const { letter, widths } = UPLOADED_IMAGE_KINDS[kind];
  // Banners are wide; a picture of under 200 px would be blurred on any tile.
  return storeImage(files, PICTURES, `${letter}-${randomBytes(6).toString('hex')}`, widths, bytes, kind === 'banner' ? 400 : 200);
}

/** True when the address is an uploaded picture that the store holds (a save refuses one that is not). */
export async function isStoredPicture(files: FileStore, path: string): Promise<boolean> {
  const m = UPLOADED_IMAGE_PATH.exec(path);
  return m ? files.has(PICTURES.stored(`${m[1]}-${m[2]}-${m[3]}.webp`)) : false;
}

/** One variant's bytes and type, or null. */
export async function readImage(files: FileStore, shelf: ImageShelf, file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const m = FILE.exec(file);
  if (!m) return null;
  const bytes = await files.get(shelf.stored(file));
  return bytes ? { bytes, contentType: CONTENT_TYPE[m[3] as Format] } : null;
}
