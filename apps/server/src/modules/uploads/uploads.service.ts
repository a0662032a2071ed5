import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DOCUMENT_KINDS, type DocumentKind } from '@shop/domain/auth';
import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/business.ts';
import { type FileStore, localFileStore } from '../../lib/file-store.ts';
import { badRequest } from '../../lib/http-error.ts';
import { decodeImage, EXTENSION, type ImageType, MAX_REGISTRATION_BYTES, sniffImage } from './images.ts';
import { toKarachiIso } from '@shop/domain/karachi-time';

export { MAX_FILE_BYTES, MAX_REGISTRATION_BYTES, REGISTER_BODY_LIMIT } from './images.ts';

const LABELS: Record<DocumentKind, string> = {
  cnic_image: 'CNIC front',
  cnic_back_image: 'CNIC back',
  ntn_certificate_image: 'NTN certificate',
  invoice_image: 'Letter head',
  business_card_image: 'Business card',
};

export interface PreparedDocument {
  kind: DocumentKind;
  bytes: Buffer;
  contentType: ImageType;
  /** Made by the server: random, with the extension of the type found in the bytes. */
  fileName: string;
}

/** Outside the web root: documents are served only through GET /api/uploads/:id. */
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** The file store (lib/file-store.ts), or DATA_DIR for its uploads folder. */
export type FilesAt = FileStore | string;
const storeOf = (at: FilesAt): FileStore => (typeof at === 'string' ? localFileStore(uploadsDir(at)) : at);

/**
 * Decodes and checks every document before anything is stored, so a bad one stores nothing.
 * Empty values (Upload Later, SPEC 4) are skipped.
 */
export function prepareDocuments(values: Partial<Record<DocumentKind, string | null | undefined>>): PreparedDocument[] {
  const prepared: PreparedDocument[] = [];
  for (const kind of DOCUMENT_KINDS) {
    const value = values[kind];
    if (!value) continue;
    const { bytes, contentType } = decodeImage(value, LABELS[kind]);
    prepared.push({ kind, bytes, contentType, fileName: `${randomBytes(16).toString('hex')}.${EXTENSION[contentType]}` });
  }
  const total = prepared.reduce((n, d) => n + d.bytes.length, 0);
  if (total > MAX_REGISTRATION_BYTES) throw badRequest('The documents together are larger than 8 MB.');
  return prepared;
}

/**
 * Writes the files and their rows inside the caller's transaction. The files are removed again
 * if anything fails, including the transaction itself (the caller calls `discard`).
 */
export async function storeDocuments(tx: Db, at: FilesAt, businessId: number, docs: PreparedDocument[]) {
  const store = storeOf(at);
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.map((f) => store.delete(f).catch(() => {})));
  };
  if (docs.length === 0) return { count: 0, discard };
  try {
    for (const d of docs) {
      await store.put(d.fileName, d.bytes, d.contentType);
      written.push(d.fileName);
    }
    await tx.insert(uploads).values(
      docs.map((d) => ({ businessId, kind: d.kind, fileName: d.fileName, contentType: d.contentType, size: d.bytes.length })),
    );
  } catch (err) {
    await discard();
    throw err;
  }
  return { count: docs.length, discard };
}

/** How many documents business `businessId` (a column or SQL expression of the caller's statement) has, as a scalar subquery. */
export const documentCountSql = (businessId: AnyColumn | SQL): SQL<number> =>
  sql<number>`(select count(*)::int from ${uploads} d where d.business_id = ${businessId})`;

export async function listDocuments(db: Db, businessId: number) {
  const rows = await db
    .select({ id: uploads.id, kind: uploads.kind, contentType: uploads.contentType, size: uploads.size, createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.businessId, businessId))
    .orderBy(asc(uploads.id));
  // The API's timestamps are in Pakistan time (+05:00), like orders' created_on.
  return rows.map((r) => ({ ...r, createdAt: toKarachiIso(r.createdAt) }));
}

/** The document's bytes when it belongs to this business; null otherwise (no hint that it exists). */
export async function readDocument(db: Db, at: FilesAt, id: number, businessId: number) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.businessId, businessId)))
    .limit(1);
  if (!row) return null;
  const bytes = await storeOf(at).get(row.fileName);
  return bytes ? { bytes, contentType: row.contentType, kind: row.kind } : null;
}

/** The photo type its bytes show (PNG, JPEG or WebP), or null: the one check of uploaded images, for other modules too. */
export const imageTypeOf = (bytes: Uint8Array): ImageType | null => sniffImage(bytes);
