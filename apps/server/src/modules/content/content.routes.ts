import {
  BannerInputSchema,
  HelpNumberInputSchema,
  INFO_PAGES,
  InfoPageInputSchema,
  InfoPageSchema,
  SiteContentQuerySchema,
  SiteContentSchema,
  StaffBannerSchema,
  StaffTickerSchema,
  TickerInputSchema,
} from '@shop/domain/content';
import { SHOP_SIZE_COUNT_CAP, type ShopSize, shopSizeOf } from '@shop/domain/shop-size';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { localFileStore } from '../../lib/file-store.ts';
import { countListedProducts } from '../catalogue/shop-size.service.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { uploadsDir } from '../uploads/uploads.service.ts';
import {
  type ContentActor,
  contentCopyFor,
  endTicker,
  infoPage,
  listBanners,
  listPages,
  listTicker,
  saveBanner,
  saveHelpNumber,
  savePage,
  saveTicker,
  siteContent,
} from './content.service.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const IdParams = z.object({ id: Id });
const SlugParams = z.object({ slug: z.enum(INFO_PAGES) });
const staffTags = ['staff: content'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest): ContentActor {
  const staff = requireStaff(request, 'content.write');
  return { staffId: staff.staffId, ip: request.ip };
}

/** Issue 19: banners, the ticker, the information pages and the help number (role Catalogue), and what the storefront reads of them. */
export async function contentRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const files = deps.files ?? localFileStore(uploadsDir(deps.config.DATA_DIR));
  const copy = contentCopyFor(db, deps.catalogueReads.followMs);
  if (deps.catalogueReads.warmAtStart) {
    // A running server reads the counter every second whether or not requests come: a change shows within 2 s.
    const stop = copy.follow();
    app.addHook('onClose', async () => stop());
  }

  // What every storefront page reads. Not cached by browsers longer than the copy follows the database.
  // Issue 35: what the storefront may say of its size, counted at most once per follow interval per instance.
  const catalogueDb = deps.readReplica?.db ?? db;
  let size: { at: number; value: Promise<ShopSize> } | null = null;
  const shopSize = () => {
    if (!size || Date.now() - size.at >= deps.catalogueReads.followMs) {
      const value = countListedProducts(catalogueDb, SHOP_SIZE_COUNT_CAP).then(shopSizeOf);
      size = { at: Date.now(), value };
      value.catch(() => {
        if (size?.value === value) size = null;
      });
    }
    return size.value;
  };

  r.get('/api/content/site', { schema: { tags: ['content'], summary: "The city's closing-soon ticker messages shown now, the help number, and whether the shop is still being set up", querystring: SiteContentQuerySchema, response: ok(SiteContentSchema) } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const [content, shop] = await Promise.all([siteContent(copy, db, request.query.city), shopSize()]);
    return { data: { ...content, shop } };
  });

  r.get('/api/content/pages/:slug', { schema: { tags: ['content'], summary: 'An information page as staff wrote it (null: none written; the built-in text stands)', params: SlugParams, response: ok(InfoPageSchema.nullable()) } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { data: await infoPage(copy, db, request.params.slug) };
  });

  r.get('/api/staff/content/banners', { schema: { tags: staffTags, summary: 'Every banner with its place, city, period and order', response: ok(z.array(StaffBannerSchema)) } }, async (request) => {
    actor(request);
    return { data: await listBanners(db) };
  });
  r.post('/api/staff/content/banners', { schema: { tags: staffTags, summary: 'Add a banner (audited)', body: BannerInputSchema, response: ok(StaffBannerSchema) } }, async (request) => ({
    data: await saveBanner(db, actor(request), request.body, undefined, files),
  }));
  r.put('/api/staff/content/banners/:id', { schema: { tags: staffTags, summary: 'Change a banner (audited)', params: IdParams, body: BannerInputSchema, response: ok(StaffBannerSchema) } }, async (request) => ({
    data: await saveBanner(db, actor(request), request.body, request.params.id, files),
  }));

  r.get('/api/staff/content/ticker', { schema: { tags: staffTags, summary: 'Every ticker message with its city, period and order', response: ok(z.array(StaffTickerSchema)) } }, async (request) => {
    actor(request);
    return { data: await listTicker(db) };
  });
  r.post('/api/staff/content/ticker', { schema: { tags: staffTags, summary: 'Add a ticker message (audited)', body: TickerInputSchema, response: ok(StaffTickerSchema) } }, async (request) => ({
    data: await saveTicker(db, actor(request), request.body),
  }));
  r.put('/api/staff/content/ticker/:id', { schema: { tags: staffTags, summary: 'Change a ticker message (audited)', params: IdParams, body: TickerInputSchema, response: ok(StaffTickerSchema) } }, async (request) => ({
    data: await saveTicker(db, actor(request), request.body, request.params.id),
  }));
  r.post('/api/staff/content/ticker/:id/end', { schema: { tags: staffTags, summary: 'End a ticker message now (audited)', params: IdParams, response: ok(StaffTickerSchema) } }, async (request) => ({
    data: await endTicker(db, actor(request), request.params.id),
  }));

  r.get('/api/staff/content/pages', { schema: { tags: staffTags, summary: 'The information pages as saved (version 0: never saved)', response: ok(z.array(InfoPageSchema.extend({ updated_at: z.string() }))) } }, async (request) => {
    actor(request);
    return { data: await listPages(db) };
  });
  r.put('/api/staff/content/pages/:slug', { schema: { tags: staffTags, summary: 'Save an information page (409 when saved by someone else meanwhile; audited)', params: SlugParams, body: InfoPageInputSchema, response: ok(InfoPageSchema) } }, async (request) => ({
    data: await savePage(db, actor(request), request.params.slug, request.body),
  }));
  r.put('/api/staff/content/help-number', { schema: { tags: staffTags, summary: 'Set the help number of the help-chat widget (audited)', body: HelpNumberInputSchema, response: ok(z.object({ help_no: z.string() })) } }, async (request) => ({
    data: await saveHelpNumber(db, actor(request), request.body.help_no),
  }));
}
