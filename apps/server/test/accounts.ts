// Helpers for the account API tests (issue 4): places to register in, images, payloads.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { areas, businessTypes, cities } from '../src/db/schema/places.ts';

export async function makePlaces(db: Db) {
  const [lahore, karachi] = await db.insert(cities).values([{ name: 'Lahore' }, { name: 'Karachi' }]).returning();
  if (!lahore || !karachi) throw new Error('no cities');
  const [gulberg, clifton] = await db
    .insert(areas)
    .values([
      { name: 'Gulberg', cityId: lahore.id, storeId: 101 },
      { name: 'Clifton', cityId: karachi.id, storeId: 501 },
    ])
    .returning();
  const [retail, horeca] = await db.insert(businessTypes).values([{ name: 'Retail' }, { name: 'HoReCa' }]).returning();
  if (!gulberg || !clifton || !retail || !horeca) throw new Error('no places');
  const [kiryana] = await db.insert(businessTypes).values([{ name: 'Kiryana Store', parentId: retail.id }]).returning();
  const [hotel] = await db.insert(businessTypes).values([{ name: 'Hotel', parentId: horeca.id }]).returning();
  if (!kiryana || !hotel) throw new Error('no sub types');
  return { lahore, karachi, gulberg, clifton, retail, horeca, kiryana, hotel };
}

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_BYTES = Buffer.from(PNG_1PX, 'base64');
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
export const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 1)]);
export const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

export const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

let n = 0;
export function registration(overrides: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  n++;
  return {
    step: 1,
    business_name: `Registered Traders ${n}`,
    business_type: 'Retail',
    business_type_id: '',
    business_sub_type_id: '',
    business_users: [
      {
        name: 'Muhammad Aslam',
        email: `new.owner${n}-${Date.now()}@test.pk`,
        mobile_no: '923001234567',
        users: [],
        cnic_image: '',
        cnic_back_image: '',
        ntn_certificate_image: '',
        invoice_image: '',
        business_card_image: '',
        city_id: '',
        area_id: '',
        store_id: '',
        latitude: '',
        longitude: '',
        ...user,
      },
    ],
    ...overrides,
  };
}

/** Each call from its own address unless one is given, so the per-client registration limit stays out of the way. */
let address = 0;
export function register(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  address++;
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: payload as object,
    headers,
    remoteAddress: remoteAddress ?? `10.1.${Math.floor(address / 250)}.${address % 250}`,
  });
}

/** The newest mail to this address in the outbox (no SMTP_URL in tests), waiting for the background send. */
export async function lastMail(db: Db, to: string, minCount = 1): Promise<{ subject: string; body: string; code: string; count: number }> {
  const { outbox } = await import('../src/db/schema/support.ts');
  const { desc, eq } = await import('drizzle-orm');
  for (let i = 0; i < 100; i++) {
    const rows = await db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id));
    const row = rows[0];
    if (row && rows.length >= minCount) return { subject: row.subject, body: row.body, code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? '', count: rows.length };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to}`);
}
