import {
  BannersQuerySchema,
  MarketplaceBannerSchema,
  MarketplaceCategorySchema,
  MarketplaceCategoryTreeSchema,
  MarketplaceFacetsSchema,
  MarketplaceProductDetailSchema,
  MarketplaceProductPageSchema,
  MarketplaceProductSchema,
  MarketplaceResolvedCategorySchema,
  MarketplaceSearchResultSchema,
  MarketplaceStripSchema,
  CategoriesQuerySchema,
  CityQuerySchema,
  FacetsQuerySchema,
  IdParamSchema,
  ListQuerySchema,
  ResolveQuerySchema,
  SearchQuerySchema,
  SlugParamSchema,
  StripsQuerySchema,
  type MarketplaceProduct,
  type MarketplaceProductDetail,
  type MarketplaceProductPage,
  type MarketplaceSearchResult,
  type MarketplaceStrip,
} from '@shop/domain/marketplace';
import { RELATED_SAMPLE } from '@shop/domain/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { contentCopyFor, shownBanners } from '../content/content.service.ts';
import { homeStrips, listFacets, listProducts, searchProducts } from './marketplace-lists.service.ts';
import { TtlCache } from './marketplace.cache.ts';
import { createChangeFollower, serverMirror } from '../../lib/db-mirror.ts';
import { createMarketplaceIndex, MARKETPLACE_TABLES } from './marketplace-index.ts';
import type { PreparedAnswer } from '../../lib/prepared-answer.ts';
import { sendPrepared } from './marketplace.http.ts';
import { detailWithLockedPrices, type LockedBuyer, lockedBuyerIn, withLockedPrices } from './marketplace-buyer.ts';
import { createPriceViews } from '../catalogue/price-views.service.ts';
import {
  type MarketplaceContext,
  categoryTree,
  cityIdOf,
  listCategories,
  productById,
  productBySlug,
  relatedProducts,
  relatedSample,
  resolveCategory,
} from './marketplace.service.ts';

const ok = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });
const tags = ['marketplace'];

// Our plain paths for the marketplace calls the spec hides behind random tokens (SPEC 7). Public:
// the marketplace is browsed by anyone; nothing here depends on who asks. A plugin registered with
// the prefix /api/bmpl (modules/index.ts): the paths below are under it.
export async function marketplaceRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Lists and searches from memory (marketplace-index.ts), following the database's change counters; with
  // CATALOGUE_COPIES=off from SQL only, the counters followed for the answer caches alone.
  const reads = deps.catalogueReads;
  // From the read replica when there is one (docs/decisions/018-read-replica.md), the counters as well
  // as the copy and the answers they keep fresh; banners (content module) from `deps.db`.
  const db = deps.readReplica?.db ?? deps.db;
  const copy = serverMirror(app, reads, 'marketplace index');
  const index = reads.copies ? createMarketplaceIndex(db, { ...copy, fullReloadMs: 60 * 60_000 }) : undefined;
  let changes: { warm(): Promise<void>; follow(): () => void; wake(): void; generation(): number } | undefined = index;
  if (!changes) {
    const follower = createChangeFollower(db, MARKETPLACE_TABLES, reads.followMs);
    // Without a copy nothing else reads the counters before a read (a test's own writes show at once).
    // A hook of this plugin: it runs before the marketplace's routes only (registered under /api/bmpl).
    app.addHook('onRequest', async () => {
      await follower.current();
    });
    changes = follower;
  }
  // The change feed's NOTIFY (migrations 0022 and 0024) wakes the copy at once; the timer stays.
  copy.start(changes, deps.listen);
  // Kept until the counters move (a price, a stock, an import), five minutes at most for what they do
  // not see (cities, categories, brands, banners): a warm catalogue answers in microseconds instead of
  // a cold query's milliseconds (docs/performance-changelog.md, issue 6). Answers ready to send and the data
  // behind them (cities, categories, list totals, search matches) are kept apart, so a burst of new
  // URLs does not push out the totals and matches those URLs share.
  const generation = changes.generation;
  const ctx: MarketplaceContext = {
    db,
    cache: new TtlCache(5 * 60_000, 5_000, { generation }),
    // 8 MB of ids (2 million matches) at most, whatever the number of searches (issue 17, memory).
    matches: new TtlCache(5 * 60_000, 5_000, { generation, maxBytes: 8 * 1024 * 1024, bytesOf: (m) => (m as { ids: Int32Array }).ids.byteLength + 64 }),
    index,
  };
  // Issue 36: a business with locked prices is shown them in its own city (marketplace-buyer.ts),
  // applied at the last step to the answer built for everyone; everyone else gets the kept answers.
  const views = createPriceViews(db, { maxStaleMs: reads.followMs });
  if (reads.warmAtStart) {
    const stop = views.follow();
    app.addHook('onClose', async () => stop());
  }
  /** Sends a city's list: the kept answer, or for a business with locked prices in its own city, its own. */
  const sendList = async <T extends z.ZodType>(
    req: FastifyRequest,
    reply: FastifyReply,
    schema: T,
    city: string | undefined,
    load: () => Promise<z.input<T>>,
    own: (data: z.input<T>, buyer: LockedBuyer) => Promise<z.input<T>>,
  ) => {
    const businessId = req.auth?.businessId;
    const buyer = businessId == null ? null : await lockedBuyerIn(views, businessId, (await cityIdOf(ctx, city)).cityId);
    if (!buyer) {
      sendPrepared(answers, req, reply, schema, load);
      // Sent when ready: an async handler hands Fastify the reply itself (never undefined).
      return reply;
    }
    return reply.send({ data: schema.parse(await own(await load(), buyer)) });
  };
  const relatedFor = async (req: FastifyRequest, city: string | undefined, rows: MarketplaceProduct[]) => {
    const businessId = req.auth?.businessId;
    const buyer = businessId == null ? null : await lockedBuyerIn(views, businessId, (await cityIdOf(ctx, city)).cityId);
    return buyer ? withLockedPrices(db, buyer, rows) : rows;
  };
  const detailFor = async (req: FastifyRequest, detail: MarketplaceProductDetail) => {
    const buyer = await lockedBuyerIn(views, req.auth?.businessId);
    return buyer ? detailWithLockedPrices(db, buyer, detail) : detail;
  };

  // 40 MB of answers at most (about 1,250 pages of 40 products), whatever their count (issue 17, memory).
  // 16 MB (about 500 pages) held less than the bench's warm set of 1,000 category pages, which then
  // ran 4 times slower (docs/performance.md, "After the merge"); unbounded, 5,000 pages were 160 MB.
  const answers = new TtlCache(5 * 60_000, 5_000, {
    admitOnSecond: true,
    generation,
    maxBytes: 40 * 1024 * 1024,
    bytesOf: (answer) => (answer as PreparedAnswer).bytes,
  });

  r.get('/categories', {
    schema: { tags, summary: 'Food categories by level (2 or 3) and parent id', querystring: CategoriesQuerySchema, response: ok(z.array(MarketplaceCategorySchema)) },
  }, async (req) => {
    const level = req.query.level === undefined ? undefined : (Number(req.query.level) as 2 | 3);
    const parent = req.query.parent_id === undefined ? undefined : Number(req.query.parent_id);
    return { data: await listCategories(ctx, level, parent) };
  });

  r.get('/categories/tree', {
    schema: { tags, summary: 'The mega-menu: Food level-2 categories with their level-3 children', response: ok(z.array(MarketplaceCategoryTreeSchema)) },
  }, async () => ({ data: await categoryTree(ctx) }));

  r.get('/categories/resolve', {
    schema: { tags, summary: 'Category (and subcategory) named by URL segments (SPEC 2 slug rule)', querystring: ResolveQuerySchema, response: ok(MarketplaceResolvedCategorySchema) },
  }, async (req) => ({ data: await resolveCategory(ctx, req.query.category, req.query.subcategory) }));

  r.get('/banners', {
    schema: { tags, summary: 'Enabled banners by name (Bmpl_Banners, Bmpl_Featured, Bmpl_Popular), comma-separated', querystring: BannersQuerySchema, response: ok(z.array(MarketplaceBannerSchema)) },
    // Issue 19: from the content module's copy (staff schedule banners per city; shown within 2 s).
  }, async (req) => ({ data: await shownBanners(contentCopyFor(deps.db, deps.catalogueReads.followMs), deps.db, req.query.name.split(','), req.query.city, req.query.category_id) }));

  r.get('/strips', {
    schema: { tags, summary: 'Home strips: the first products of every category in a city, in one call', querystring: StripsQuerySchema, response: ok(z.array(MarketplaceStripSchema)) },
  }, (req, reply) =>
    sendList(req, reply, z.array(MarketplaceStripSchema), req.query.city, () => homeStrips(ctx, req.query.city, req.query.limit), async (strips, buyer) =>
      Promise.all((strips as MarketplaceStrip[]).map(async (s) => ({ ...s, products: await withLockedPrices(db, buyer, s.products) }))),
    ));

  r.get('/products', {
    schema: {
      tags,
      summary: 'Products of a city by category, subcategory, brands (ids) and price range (rupees), sorted and paged',
      querystring: ListQuerySchema,
      response: ok(MarketplaceProductPageSchema),
    },
  }, (req, reply) =>
    sendList(req, reply, MarketplaceProductPageSchema, req.query.city, () => listProducts(ctx, req.query), async (page, buyer) => ({
      ...page,
      products: await withLockedPrices(db, buyer, (page as MarketplaceProductPage).products),
    })));

  r.get('/facets', {
    schema: { tags, summary: 'Brands and price range of a category or subcategory in a city', querystring: FacetsQuerySchema, response: ok(MarketplaceFacetsSchema) },
  }, (req, reply) => sendPrepared(answers, req, reply, MarketplaceFacetsSchema, () => listFacets(ctx, req.query)));

  r.get('/search', {
    schema: { tags, summary: 'Search products sold in a city; with their distinct tier-3 categories and price range', querystring: SearchQuerySchema, response: ok(MarketplaceSearchResultSchema) },
  }, (req, reply) =>
    sendList(req, reply, MarketplaceSearchResultSchema, req.query.city, () => searchProducts(ctx, req.query), async (found, buyer) => ({
      ...found,
      products: await withLockedPrices(db, buyer, (found as MarketplaceSearchResult).products),
    })));

  r.get('/products/by-slug/:slug', {
    schema: { tags, summary: 'A product by its URL segment (slug, or name by the SPEC 2 rule) with every city record', params: SlugParamSchema, response: ok(MarketplaceProductDetailSchema) },
  }, async (req) => ({ data: await detailFor(req, await productBySlug(ctx, req.params.slug)) }));

  r.get('/products/:id', {
    schema: { tags, summary: 'A product by id with every city record (bmpl_products_city)', params: IdParamSchema, response: ok(MarketplaceProductDetailSchema) },
  }, async (req) => ({ data: await detailFor(req, await productById(ctx, Number(req.params.id))) }));

  r.get('/products/:id/related', {
    schema: { tags, summary: 'Up to 16 products of the same tier4, else tier3, else tier2 category, in a city', params: IdParamSchema, querystring: CityQuerySchema, response: ok(z.array(MarketplaceProductSchema)) },
  }, async (req) => ({ data: await relatedFor(req, req.query.city, await relatedProducts(ctx, Number(req.params.id), req.query.city)) }));

  r.get('/products/:id/related-sample', {
    schema: {
      tags,
      summary: `Up to ${RELATED_SAMPLE} other products of the same related category sold in a city, chosen at random on each call`,
      params: IdParamSchema,
      querystring: CityQuerySchema,
      response: ok(z.array(MarketplaceProductSchema)),
    },
  }, async (req) => ({ data: await relatedFor(req, req.query.city, await relatedSample(ctx, Number(req.params.id), req.query.city)) }));
}
