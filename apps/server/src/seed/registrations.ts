// Demo registrations waiting for staff (issue 18), so a newcomer opening /staff/businesses sees the
// queue working: new ones, a changed one, one whose CNIC another business already uses, one waiting
// for the buyer to send a document again. Their owners cannot sign in (nobody knows the password).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { DocumentKind } from '@shop/domain/account-rules';
import type { City } from '@shop/domain/constants';
import type { Db } from '../db/client.ts';
import { businesses, businessUsers, uploads } from '../db/schema/business.ts';
import { hashPassword } from '../lib/passwords.ts';
import { uploadsDir } from '../modules/uploads/uploads.service.ts';
import { areaOf, businessTypeId, type PlaceIds } from './places.ts';

interface Registration {
  name: string;
  subType: string;
  city: City;
  area: string;
  owner: string;
  email: string;
  mobileNo: string;
  /** Typed by staff from the CNIC (digits); '' until someone has. */
  cnic: string;
  verification: 'new' | 'changed' | 'documents_requested';
  hoursAgo: number;
  emailProven: boolean;
  documents: DocumentKind[];
  requested?: DocumentKind[];
  note?: string;
}

const REGISTRATIONS: readonly Registration[] = [
  {
    name: 'Al-Madina General Store', subType: 'Kiryana Store', city: 'Lahore', area: 'Johar Town', owner: 'Muhammad Irfan Qureshi',
    email: 'almadina.store@example.pk', mobileNo: '923004455667', cnic: '', verification: 'new', hoursAgo: 52, emailProven: false,
    documents: ['cnic_image', 'cnic_back_image', 'ntn_certificate_image'],
  },
  {
    // The demo Owner's CNIC (owner@demo.pk, 35202-1234567-1): the page flags it as used by another business.
    name: 'Faisal Cash & Carry Mart', subType: 'Super Store', city: 'Faisalabad', area: 'D Ground', owner: 'Faisal Mehmood Butt',
    email: 'faisal.mart@example.pk', mobileNo: '923216677889', cnic: '3520212345671', verification: 'new', hoursAgo: 26, emailProven: true,
    documents: ['cnic_image', 'cnic_back_image', 'ntn_certificate_image', 'invoice_image', 'business_card_image'],
  },
  {
    name: 'Multan Sweets & Bakers', subType: 'Caterer', city: 'Multan', area: 'Cantt', owner: 'Hafiz Abdul Rehman',
    email: 'multan.sweets@example.pk', mobileNo: '923067788990', cnic: '', verification: 'changed', hoursAgo: 5, emailProven: true,
    documents: ['cnic_image', 'cnic_back_image', 'ntn_certificate_image', 'invoice_image'],
  },
  {
    name: 'Rawal Hardware Traders', subType: 'Office', city: 'Islamabad', area: 'I-8', owner: 'Tariq Mahmood Abbasi',
    email: 'rawal.hardware@example.pk', mobileNo: '923335566778', cnic: '', verification: 'documents_requested', hoursAgo: 30, emailProven: true,
    documents: ['cnic_image', 'cnic_back_image', 'ntn_certificate_image'], requested: ['ntn_certificate_image'], note: 'The NTN certificate is cut off at the bottom. Please send a full photo.',
  },
];

// ---- A tiny PNG writer: demo documents are drawn here, so the repository carries no binary files. ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = readonly [number, number, number];
const TINTS: Record<DocumentKind, Rgb> = {
  cnic_image: [214, 234, 221],
  cnic_back_image: [222, 230, 240],
  ntn_certificate_image: [245, 240, 220],
  invoice_image: [250, 250, 250],
  business_card_image: [236, 228, 246],
};

/** A card-like picture of a document (header band, photo box, lines of "text"), distinct per kind and business. */
export function documentPng(kind: DocumentKind, seed: number): Buffer {
  const width = 640;
  const height = kind === 'ntn_certificate_image' || kind === 'invoice_image' ? 860 : 400;
  const tint = TINTS[kind];
  const ink: Rgb = [60, 72, 88];
  const band: Rgb = [Math.max(0, tint[0] - 90), Math.max(0, tint[1] - 70), Math.max(0, tint[2] - 60)];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let px: Rgb = tint;
      if (y < 56) px = band;
      else if (kind === 'cnic_image' && x > 470 && x < 600 && y > 90 && y < 250) px = [170, 178, 190];
      else {
        const line = Math.floor((y - 80) / 34);
        const inLine = (y - 80) % 34 < 12 && y > 80 && y < height - 30;
        const lineLength = 180 + ((line * 97 + seed * 31) % 240);
        if (inLine && x > 40 && x < 40 + lineLength && x < 450) px = ink;
      }
      if (x < 4 || y < 4 || x >= width - 4 || y >= height - 4) px = band;
      row[1 + x * 3] = px[0];
      row[2 + x * 3] = px[1];
      row[3 + x * 3] = px[2];
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Inserts the waiting registrations. Their documents are written under `dataDir` when it is given
 * (the server's start); without it (tests of other modules) the businesses come without documents.
 */
export async function insertRegistrations(db: Db, places: PlaceIds, now: Date, dataDir?: string): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64'));
  if (dataDir) await mkdir(uploadsDir(dataDir), { recursive: true, mode: 0o700 });
  for (const [i, r] of REGISTRATIONS.entries()) {
    const area = areaOf(places, r.city, r.area);
    const at = new Date(now.getTime() - r.hoursAgo * 3_600_000).toISOString();
    const [business] = await db
      .insert(businesses)
      .values({
        name: r.name,
        businessSubTypeId: businessTypeId(places, r.subType),
        paymentMode: 'Cash',
        cityId: area.cityId,
        areaId: area.id,
        storeId: area.storeId,
        verification: r.verification,
        verificationAt: at,
        requestedDocuments: r.requested ?? [],
        verificationNote: r.note ?? '',
        cnicNumber: r.cnic,
        createdAt: new Date(now.getTime() - (r.hoursAgo + 2) * 3_600_000).toISOString(),
      })
      .returning({ id: businesses.id });
    if (!business) throw new Error('Seed: registration not made');
    await db.insert(businessUsers).values({
      businessId: business.id,
      type: 'Owner',
      name: r.owner,
      email: r.email,
      mobileNo: r.mobileNo,
      passwordHash,
      address: `${r.area}, ${r.city}`,
      metroStoreId: area.storeId,
      emailProvenAt: r.emailProven ? at : null,
    });
    if (!dataDir) continue;
    for (const kind of r.documents) {
      const bytes = documentPng(kind, i + 1);
      const fileName = `${randomBytes(16).toString('hex')}.png`;
      await writeFile(join(uploadsDir(dataDir), fileName), bytes, { mode: 0o600 });
      await db.insert(uploads).values({ businessId: business.id, kind, fileName, contentType: 'image/png', size: bytes.length });
    }
  }
}
