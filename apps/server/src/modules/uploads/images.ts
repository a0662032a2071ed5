import { DOCUMENT_MAX_BYTES } from '@shop/domain/businesses';
import { badRequest } from '../../lib/http-error.ts';

// Documents are photos or scans: PNG, JPEG and WebP only, recognised by their first bytes. SVG (a
// script-carrying XML file) and anything else is refused whatever its name or declared type says.
export const MAX_FILE_BYTES = DOCUMENT_MAX_BYTES;
/** Five documents of up to 2 MiB would be 10 MiB; a registration carries at most 8 MiB in all. */
export const MAX_REGISTRATION_BYTES = 8 * 1024 * 1024;
/** Base64 adds a third, plus the rest of the JSON. Only the register route gets this limit. */
export const REGISTER_BODY_LIMIT = Math.ceil((MAX_REGISTRATION_BYTES * 4) / 3) + 256 * 1024;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';
export const EXTENSION: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export function sniffImage(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => at(i) === b)) return 'image/png';
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface DecodedImage {
  bytes: Buffer;
  contentType: ImageType;
}

/** SPEC 5: uploads are read as data URLs. `label` names the field in the error. */
export function decodeImage(dataUrl: string, label: string): DecodedImage {
  const head = DATA_URL.exec(dataUrl);
  if (!head) throw badRequest(`${label} must be an image sent as a data URL.`);
  const payload = dataUrl.slice(head[0].length);
  // Buffer.from(base64) skips what it cannot read; a strict check first so a damaged file is refused.
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw badRequest(`${label} is not valid base64.`);
  }
  if ((payload.length / 4) * 3 > MAX_FILE_BYTES + 3) throw badRequest(`${label} is larger than 2 MB.`);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw badRequest(`${label} is larger than 2 MB.`);
  const contentType = sniffImage(bytes);
  if (!contentType) throw badRequest(`${label} must be a PNG, JPEG or WebP image.`);
  return { bytes, contentType };
}
