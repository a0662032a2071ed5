import { BANNER_PLACES, type StaffBanner } from '@shop/domain/content';
import type { MarketplaceBanner } from '@shop/domain/marketplace';
import { IMAGE_NOT_AN_IMAGE, IMAGE_TOO_LARGE, UPLOADED_IMAGE_MAX_BYTES, uploadedImageSources } from '@shop/domain/product-images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { categories } from '../../db/schema/catalogue.ts';
import { cities } from '../../db/schema/places.ts';

let t: TestApp;
let catalogue: SignedInStaff;
let desk: SignedInStaff;
let rice: number;
let basmati: number;
beforeAll(async () => {
  t = await createTestApp();
  catalogue = await signInStaff(t, { email: 'pictures-catalogue@staff.pk', roles: ['Catalogue'] });
  desk = await signInStaff(t, { email: 'pictures-desk@staff.pk', roles: ['Order desk'] });
  await t.database.db.insert(cities).values([{ name: 'Lahore' }, { name: 'Karachi' }]).onConflictDoNothing();
  const [food] = await t.database.db.insert(categories).values({ name: 'Food', slug: 'food', level: 1 }).returning();
  const [l2] = await t.database.db.insert(categories).values({ name: 'Rice & Grains', slug: 'rice-grains', level: 2, parentId: food!.id }).returning();
  const [l3] = await t.database.db.insert(categories).values({ name: 'Basmati Rice', slug: 'basmati-rice', level: 3, parentId: l2!.id, tier2Id: l2!.id }).returning();
  rice = l2!.id;
  basmati = l3!.id;
});
afterAll(async () => t.close());

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2f7d4f' } }).png().toBuffer();
const upload = (kind: string, payload: Buffer, contentType = 'image/png', who = catalogue) =>
  who.inject({ method: 'POST', url: `/api/staff/images/${kind}`, headers: { 'content-type': contentType }, payload });

describe('the one upload path of pictures (issue 35)', () => {
  it('a banner is stored in three widths as WebP and AVIF and served from its address', async () => {
    const res = await upload('banner', await png(2000, 520));
    expect(res.statusCode, res.body).toBe(200);
    const { path } = body<{ data: { path: string } }>(res).data;
    expect(path).toMatch(/^\/api\/images\/b-[0-9a-f]{12}-1600\.webp$/);
    const sources = uploadedImageSources(path)!;
    for (const [format, set] of Object.entries(sources)) {
      for (const entry of set.split(', ')) {
        const [url, w] = entry.split(' ');
        const img = await t.app.inject({ method: 'GET', url: url! });
        expect(img.statusCode, url).toBe(200);
        expect(img.headers['content-type']).toBe(`image/${format}`);
        expect(`${(await sharp(img.rawPayload).metadata()).width}w`).toBe(w);
      }
    }
  });

  it('refuses what is not a picture, a picture over the limit and a type that is not an image, each with words (4xx), storing nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const notImage = await upload('picture', svg);
    expect(notImage.statusCode).toBe(400);
    expect(body(notImage).error).toBe(IMAGE_NOT_AN_IMAGE);
    // A PNG's first bytes and then nothing a decoder can read.
    const broken = await upload('picture', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]));
    expect(broken.statusCode).toBe(400);
    expect(body(broken).error).toMatch(/could not be read/);
    const big = Buffer.concat([await png(400, 400), Buffer.alloc(UPLOADED_IMAGE_MAX_BYTES, 0)]);
    const tooLarge = await upload('picture', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(body(tooLarge).error).toBe(IMAGE_TOO_LARGE);
    const text = await upload('picture', Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(body(text).error).toBe(IMAGE_NOT_AN_IMAGE);
    const pdf = await upload('picture', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(body(pdf).error).toBe(IMAGE_NOT_AN_IMAGE);
    const small = await upload('banner', await png(120, 40));
    expect(small.statusCode).toBe(400);
    expect(body(small).error).toMatch(/at least 400 pixels wide/);
    const stored: string[] = [];
    for await (const name of (await import('../../lib/file-store.ts')).localFileStore(`${t.dataDir}/uploads`).list()) stored.push(name);
    expect(stored.filter((n) => n.startsWith('image-t-'))).toEqual([]);
  });

  it('a banner upload needs the content role, a picture upload the catalogue role', async () => {
    expect((await upload('banner', await png(800, 300), 'image/png', desk)).statusCode).toBe(403);
    expect((await upload('picture', await png(400, 300), 'image/png', desk)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/images/banner', headers: { 'content-type': 'image/png' }, payload: await png(800, 300) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/..%2Fsecret-640.webp' })).statusCode).toBe(404);
  });
});

describe('every banner place staff can choose is shown on the storefront for its city (issue 35)', () => {
  const shown = async (name: string, city: string, category?: number) =>
    body<{ data: MarketplaceBanner[] }>(await t.app.inject({ method: 'GET', url: `/api/bmpl/banners?name=${name}&city=${city}${category ? `&category_id=${category}` : ''}` })).data.map((b) => b.image);

  it('a banner with an uploaded image of each place appears on the read of that place, in its city only', async () => {
    for (const name of BANNER_PLACES) {
      const { path } = body<{ data: { path: string } }>(await upload('banner', await png(1600, 420))).data;
      const res = await catalogue.inject({
        method: 'POST',
        url: '/api/staff/content/banners',
        payload: { name, title: `${name} offer`, image: path, is_mobile: false, link: '/home', city: 'Lahore', sort_order: 1, category_id: name === 'Category_Banners' ? rice : null },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(body<{ data: StaffBanner }>(res).data.image).toBe(path);
      const category = name === 'Category_Banners' ? rice : undefined;
      expect(await shown(name, 'Lahore', category), name).toContain(path);
      expect(await shown(name, 'Karachi', category), name).not.toContain(path);
    }
  });

  it('refuses a typed path, an image never uploaded, and a category no page shows banners of', async () => {
    const { path } = body<{ data: { path: string } }>(await upload('banner', await png(1600, 420))).data;
    const base = { name: 'Home_Banners', title: 'x', image: path, is_mobile: false, sort_order: 0 };
    const typed = await catalogue.inject({ method: 'POST', url: '/api/staff/content/banners', payload: { ...base, image: '/etc/passwd' } });
    expect(typed.statusCode).toBe(400);
    expect(body(typed).error).toMatch(/upload the picture first/);
    const missing = await catalogue.inject({ method: 'POST', url: '/api/staff/content/banners', payload: { ...base, image: '/api/images/b-000000000000-1600.webp' } });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).error).toMatch(/upload it again/);
    const sub = await catalogue.inject({ method: 'POST', url: '/api/staff/content/banners', payload: { ...base, name: 'Category_Banners', category_id: basmati } });
    expect(sub.statusCode).toBe(400);
    expect(body(sub).error).toMatch(/second level/);
  });
});
