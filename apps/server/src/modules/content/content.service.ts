import type { MarketplaceBanner } from '@shop/domain/marketplace';
import { type City, DEFAULT_CATEGORY } from '@shop/domain/constants';
import {
  type BannerInput,
  type InfoPage,
  type InfoPageSlug,
  INFO_PAGE_TITLES,
  isShownAt,
  type SiteContent,
  type StaffBanner,
  type StaffTicker,
  type TickerInput,
} from '@shop/domain/content';
import { toKarachiIso } from '@shop/domain/karachi-time';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { banners, categories } from '../../db/schema/catalogue.ts';
import { isoTime } from '../../db/schema/common.ts';
import { cities } from '../../db/schema/places.ts';
import { infoPages, siteSettings, tickerMessages } from '../../db/schema/prices-content.ts';
import { createDbMirror } from '../../lib/db-mirror.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { isStoredPicture } from '../storage/uploaded-images.service.ts';

export interface ContentActor {
  staffId: number;
  ip: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const instant = (value: string | null) => (value == null ? null : toKarachiIso(isoTime(value)));

/** Everything the storefront reads of the content, held in memory (it is small). */
export interface ContentSnapshot {
  banners: StaffBanner[];
  ticker: StaffTicker[];
  pages: Map<InfoPageSlug, InfoPage>;
  helpNo: string | null;
}

async function loadBanners(db: Db | Tx, id?: number): Promise<StaffBanner[]> {
  const rows = await db
    .select({
      id: banners.id,
      name: banners.name,
      title: banners.title,
      image: banners.image,
      is_mobile: banners.isMobile,
      link: banners.link,
      city: cities.name,
      category_id: banners.categoryId,
      sort_order: banners.sortOrder,
      enable: banners.enable,
      starts_at: banners.startsAt,
      ends_at: banners.endsAt,
    })
    .from(banners)
    .leftJoin(cities, eq(cities.id, banners.cityId))
    .where(id == null ? undefined : eq(banners.id, id))
    .orderBy(asc(banners.name), asc(banners.sortOrder), asc(banners.id));
  return rows.map((r) => ({ ...r, starts_at: instant(r.starts_at), ends_at: instant(r.ends_at) }));
}

async function loadTicker(db: Db | Tx, id?: number): Promise<StaffTicker[]> {
  const rows = await db
    .select({ id: tickerMessages.id, text: tickerMessages.text, city: cities.name, sort_order: tickerMessages.sortOrder, starts_at: tickerMessages.startsAt, ends_at: tickerMessages.endsAt })
    .from(tickerMessages)
    .leftJoin(cities, eq(cities.id, tickerMessages.cityId))
    .where(id == null ? undefined : eq(tickerMessages.id, id))
    .orderBy(asc(tickerMessages.sortOrder), asc(tickerMessages.id));
  return rows.map((r) => ({ ...r, starts_at: instant(r.starts_at), ends_at: instant(r.ends_at) }));
}

async function loadPages(db: Db | Tx): Promise<Map<InfoPageSlug, InfoPage>> {
  const rows = await db.select().from(infoPages);
  return new Map(rows.map((r) => [r.slug as InfoPageSlug, { slug: r.slug as InfoPageSlug, title: r.title, body: r.body, version: r.version, updated_at: toKarachiIso(isoTime(r.updatedAt)) }]));
}

export async function loadContent(db: Db): Promise<ContentSnapshot> {
  const [b, t, p, s] = await Promise.all([loadBanners(db), loadTicker(db), loadPages(db), db.select().from(siteSettings).where(eq(siteSettings.key, 'help_no'))]);
  return { banners: b, ticker: t, pages: p, helpNo: s[0]?.value ?? null };
}

/**
 * The content's in-memory copy: reloaded when the 'content' counter moves (migration 0020's triggers
 * on banners, ticker_messages, info_pages and site_settings), read once a second by a running server
 * (before every read in tests). What is shown at a moment (starts/ends) is decided at each request.
 */
export function contentCopy(db: Db, followMs: number) {
  return createDbMirror<ContentSnapshot>(db, { tables: ['content'], reloadOn: ['content'], load: () => loadContent(db), maxStaleMs: followMs, fullReloadMs: 10 * 60_000 });
}
export type ContentCopy = ReturnType<typeof contentCopy>;

const copies = new WeakMap<Db, ContentCopy>();
/** The one copy of a database's content per process (the marketplace's banner route and the content routes share it). */
export function contentCopyFor(db: Db, followMs: number): ContentCopy {
  let copy = copies.get(db);
  if (!copy) {
    copy = contentCopy(db, followMs);
    copies.set(db, copy);
  }
  return copy;
}

async function snapshot(copy: ContentCopy, db: Db): Promise<ContentSnapshot> {
  return (await copy.current()) ?? loadContent(db);
}

const forCity = (rowCity: string | null, city: City | undefined) => rowCity == null || rowCity === city;

/** Issue 19: the banners of these places shown now in the city (and on the category's page), in order. */
export async function shownBanners(copy: ContentCopy, db: Db, names: readonly string[], city: City | undefined, categoryId: number | undefined): Promise<MarketplaceBanner[]> {
  const now = Date.now();
  return (await snapshot(copy, db)).banners
    .filter((b) => names.includes(b.name) && b.enable && forCity(b.city, city) && isShownAt(b, now) && (b.name !== 'Category_Banners' || b.category_id === categoryId))
    .map((b) => ({ id: b.id, name: b.name, image: b.image, is_mobile: b.is_mobile, link: b.link, title: b.title }));
}

/** Issue 19: the city's ticker messages shown now, and the help number. */
export async function siteContent(copy: ContentCopy, db: Db, city: City | undefined): Promise<Omit<SiteContent, 'shop'>> {
  const now = Date.now();
  const s = await snapshot(copy, db);
  return { ticker: s.ticker.filter((m) => forCity(m.city, city) && isShownAt(m, now)).map((m) => ({ id: m.id, text: m.text })), help_no: s.helpNo };
}

export async function infoPage(copy: ContentCopy, db: Db, slug: InfoPageSlug): Promise<InfoPage | null> {
  return (await snapshot(copy, db)).pages.get(slug) ?? null;
}

// Staff writes (content.write), each audited in its transaction.

async function cityIdOf(tx: Tx, city: string | null | undefined): Promise<number | null> {
  if (city == null) return null;
  const [row] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.name, city));
  if (!row) throw badRequest(`City ${city} was not found.`);
  return row.id;
}

/**
 * Issue 35: a category banner shows on the marketplace's page of its category, and the marketplace has
 * pages for the Food level-2 categories only (marketplace.service.ts): any other would never be shown.
 */
async function checkCategory(tx: Tx, id: number | null | undefined) {
  if (id == null) return;
  const parent = alias(categories, 'parent');
  const [row] = await tx
    .select({ id: categories.id, level: categories.level, parent: parent.name, parentLevel: parent.level })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(eq(categories.id, id));
  if (!row) throw badRequest('That category was not found.');
  if (row.level !== 2 || row.parentLevel !== 1 || row.parent !== DEFAULT_CATEGORY) {
    throw badRequest(`A category banner shows on a marketplace category page: choose a ${DEFAULT_CATEGORY} category of the second level.`);
  }
}

/** Issue 35: an uploaded banner must be in the file store (the demo's drawn art under /storage/ is always served). */
async function checkImage(files: FileStore | undefined, image: string) {
  if (files && image.startsWith('/api/images/') && !(await isStoredPicture(files, image))) throw badRequest('The banner image was not found; upload it again.');
}

export const listBanners = (db: Db) => loadBanners(db);
export const listTicker = (db: Db) => loadTicker(db);

export async function saveBanner(db: Db, actor: ContentActor, input: BannerInput, id?: number, files?: FileStore): Promise<StaffBanner> {
  return db.transaction(async (tx) => {
    const before = id == null ? null : ((await loadBanners(tx, id))[0] ?? null);
    if (id != null && !before) throw notFound('Banner not found');
    await checkCategory(tx, input.category_id);
    await checkImage(files, input.image);
    const values = {
      name: input.name,
      title: input.title,
      image: input.image,
      isMobile: input.is_mobile,
      link: input.link ?? null,
      cityId: await cityIdOf(tx, input.city),
      categoryId: input.category_id ?? null,
      sortOrder: input.sort_order,
      enable: input.enable ?? true,
      startsAt: input.starts_at ?? null,
      endsAt: input.ends_at ?? null,
    };
    const [row] = id == null ? await tx.insert(banners).values(values).returning({ id: banners.id }) : await tx.update(banners).set(values).where(eq(banners.id, id)).returning({ id: banners.id });
    const after = (await loadBanners(tx, row?.id))[0] as StaffBanner;
    await appendAudit(tx, { ...actor, action: id == null ? 'banner.create' : 'banner.update', entity: 'banner', entityId: after.id, before, after });
    return after;
  });
}

export async function saveTicker(db: Db, actor: ContentActor, input: TickerInput, id?: number): Promise<StaffTicker> {
  return db.transaction(async (tx) => {
    const before = id == null ? null : ((await loadTicker(tx, id))[0] ?? null);
    if (id != null && !before) throw notFound('Ticker message not found');
    const values = { text: input.text, cityId: await cityIdOf(tx, input.city), sortOrder: input.sort_order, startsAt: input.starts_at ?? null, endsAt: input.ends_at ?? null };
    const [row] =
      id == null
        ? await tx.insert(tickerMessages).values(values).returning({ id: tickerMessages.id })
        : await tx.update(tickerMessages).set(values).where(eq(tickerMessages.id, id)).returning({ id: tickerMessages.id });
    const after = (await loadTicker(tx, row?.id))[0] as StaffTicker;
    await appendAudit(tx, { ...actor, action: id == null ? 'ticker.create' : 'ticker.update', entity: 'ticker_message', entityId: after.id, before, after });
    return after;
  });
}

/** Removing a ticker message ends it now (it stays in the audit log with its text). */
export async function endTicker(db: Db, actor: ContentActor, id: number): Promise<StaffTicker> {
  return db.transaction(async (tx) => {
    const before = (await loadTicker(tx, id))[0];
    if (!before) throw notFound('Ticker message not found');
    await tx.update(tickerMessages).set({ endsAt: sql`now()` as unknown as string, startsAt: sql`least(coalesce(${tickerMessages.startsAt}, now()), now())` as unknown as string }).where(eq(tickerMessages.id, id));
    const after = (await loadTicker(tx, id))[0] as StaffTicker;
    await appendAudit(tx, { ...actor, action: 'ticker.end', entity: 'ticker_message', entityId: id, before, after });
    return after;
  });
}

export async function listPages(db: Db): Promise<InfoPage[]> {
  const saved = await loadPages(db);
  return (Object.keys(INFO_PAGE_TITLES) as InfoPageSlug[]).map((slug) => saved.get(slug) ?? { slug, title: INFO_PAGE_TITLES[slug], body: '', version: 0, updated_at: '' });
}

/** Saves a page; refused (409) when someone saved it since the editor opened it. */
export async function savePage(db: Db, actor: ContentActor, slug: InfoPageSlug, input: { title: string; body: string; version: number }): Promise<InfoPage> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(infoPages).where(eq(infoPages.slug, slug)).for('update');
    if ((current?.version ?? 0) !== input.version) throw conflict('Someone saved this page after you opened it. Reload it to see their text, then make your change again.');
    if (current) {
      await tx.update(infoPages).set({ title: input.title, body: input.body, version: current.version + 1, updatedAt: sql`now()` as unknown as string }).where(eq(infoPages.slug, slug));
    } else {
      // Two first saves at once: the second finds the row made (a conflict, as above).
      const made = await tx.insert(infoPages).values({ slug, title: input.title, body: input.body, version: 1 }).onConflictDoNothing().returning({ slug: infoPages.slug });
      if (made.length === 0) throw conflict('Someone saved this page after you opened it. Reload it to see their text, then make your change again.');
    }
    const after = (await loadPages(tx)).get(slug) as InfoPage;
    await appendAudit(tx, { ...actor, action: 'page.save', entity: 'info_page', entityId: slug, before: current ?? null, after });
    return after;
  });
}

export async function saveHelpNumber(db: Db, actor: ContentActor, helpNo: string): Promise<{ help_no: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.key, 'help_no'));
    await tx
      .insert(siteSettings)
      .values({ key: 'help_no', value: helpNo })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: helpNo, updatedAt: sql`now()` as unknown as string } });
    await appendAudit(tx, { ...actor, action: 'settings.help_no', entity: 'setting', entityId: 'help_no', before: before?.value ?? null, after: helpNo });
    return { help_no: helpNo };
  });
}
