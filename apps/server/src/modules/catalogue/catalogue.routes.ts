import {
  BrandSchema,
  BusinessListingQuerySchema,
  BusinessTypeSchema,
  CategorySchema,
  FacetsSchema,
  ListingQuerySchema,
  ProductDetailSchema,
  ProductPageSchema,
  SearchQuerySchema,
  SearchResultSchema,
} from '@shop/domain/catalogue';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { notFound } from '../../lib/http-error.ts';
import { createChangeFollower, serverMirror } from '../../lib/db-mirror.ts';
import { CATALOGUE_TABLES, createCatalogueIndex } from './catalogue-index.ts';
import { businessTypeWithDescendants, listBusinessProducts, listProducts } from './listing.service.ts';
import { createViewCounter, productDetail } from './product.service.ts';
import { listBrands, listBusinessTypes, listCategories, listingFacets } from './reference.service.ts';
import { createResponseCache } from './response-cache.ts';
import { sendPreparedAnswer } from '../../lib/prepared-answer.ts';
import { type ProductSearch, searchProducts } from './search.service.ts';
import { createVocabularySource } from './vocabulary.ts';

const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });

/** Registers the catalogue's routes; answers its search, for modules that find products by name. */
export async function catalogueRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<{ search: ProductSearch }> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = deps.catalogueReads;
  // Every read here may come from the read replica (docs/decisions/018-read-replica.md): none must see
  // the caller's own write. The counters the copy and the answer cache follow are read from the same
  // database as what they load, so neither records a change it has not read. Views are written to `db`.
  const db = deps.readReplica?.db ?? deps.db;
  const vocabulary = createVocabularySource(db);
  // Listings and searches from memory (catalogue-index.ts), following the database's change counters;
  // with CATALOGUE_COPIES=off from SQL only, the counters followed for the answer cache alone.
  const copy = serverMirror(app, reads, 'catalogue index');
  const index = reads.copies ? createCatalogueIndex(db, { ...copy, fullReloadMs: 10 * 60_000 }) : undefined;
  const changes = index ?? createChangeFollower(db, CATALOGUE_TABLES, reads.followMs);
  // The change feed's NOTIFY comes from the primary; it only wakes the copy, which then reads the
  // counters where it reads (the replica, when there is one), so it never patches what it cannot see.
  copy.start(changes, deps.listen);
  // A running server drops every answer when the counters move (a change of products, prices or stock
  // shows within their once-a-second read plus the copy's load); what they do not see (categories,
  // brands) is fresh 5 s, then refreshed in the background, 30 s at most. Tests keep no answers.
  const cache = createResponseCache({
    ttlMs: reads.cacheTtlMs,
    staleMs: reads.cacheStaleMs,
    maxEntries: 5000,
    // 16 MB of answers (about 500 pages of 40 products): the bound a busy server reaches (issue 17, memory).
    maxBytes: 16 * 1024 * 1024,
    generation: changes.generation,
  });
  const views = createViewCounter(deps.db, reads.viewFlushMs);
  app.addHook('onClose', () => views.close());

  // Prices depend on the caller's business only (SPEC 9), so that is the cache's second key.
  const businessOf = (request: FastifyRequest) => request.auth?.businessId ?? null;
  const cached = async (request: FastifyRequest, reply: FastifyReply, make: () => Promise<unknown>): Promise<never> => {
    const answer = await cache.get(`${businessOf(request) ?? 'guest'}|${request.url}`, make);
    // Already serialised (and compressed once when kept). An async handler that has sent must return
    // the reply itself (never undefined), or compression's asynchronous onSend sees an empty body.
    return sendPreparedAnswer(request, reply, answer) as never;
  };

  r.get(
    '/api/custom_route/get_products_by_categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: `Products by category with filters, search, sort and pagination (limit at most 7000). In stock first.`,
        querystring: ListingQuerySchema,
        response: data(ProductPageSchema),
      },
    },
    (request, reply) => cached(request, reply, () => listProducts(db, request.query, { businessId: businessOf(request), vocabulary, index })),
  );

  r.get(
    '/api/custom_route/get_products_by_business',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products offered to a business type (businessTypeId, or filterValue as the type id) and its sub-types',
        querystring: BusinessListingQuerySchema,
        response: data(ProductPageSchema),
      },
    },
    (request, reply) => cached(request, reply, () => listBusinessProducts(db, request.query, businessOf(request), vocabulary, index)),
  );

  r.get(
    '/api/catalogue/facets',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Brands (with counts) and price bounds of a listing, for the filter panel',
        querystring: BusinessListingQuerySchema,
        response: data(FacetsSchema),
      },
    },
    (request, reply) =>
      cached(request, reply, async () => {
        const { businessTypeId, ...query } = request.query;
        const businessTypeIds = businessTypeId === undefined ? undefined : await businessTypeWithDescendants(db, businessTypeId);
        return listingFacets(db, query, { businessId: businessOf(request), businessTypeIds, vocabulary });
      }),
  );

  r.get(
    '/api/catalogue/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Ordering-bar search: up to 30 products ranked by relevance, tolerant of typos and word order',
        querystring: SearchQuerySchema,
        response: data(SearchResultSchema),
      },
    },
    (request, reply) =>
      cached(request, reply, async () => ({
        products: await searchProducts(db, businessOf(request), request.query.search, request.query.limit, vocabulary, index),
      })),
  );

  r.get(
    '/api/catalogue/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product (shareable /productDetails?id=N) with up to 16 related products; counts a view',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: data(ProductDetailSchema),
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const sent = await cached(request, reply, async () => {
        const detail = await productDetail(db, businessOf(request), id);
        if (!detail) throw notFound('There is no such product.');
        return detail;
      });
      views.count(id);
      return sent;
    },
  );

  r.get('/api/read/Brands', { schema: { tags: ['catalogue'], response: data(z.array(BrandSchema)) } }, (request, reply) =>
    cached(request, reply, () => listBrands(db)),
  );
  r.get('/api/read/Categories', { schema: { tags: ['catalogue'], response: data(z.array(CategorySchema)) } }, (request, reply) =>
    cached(request, reply, () => listCategories(db)),
  );
  r.get('/api/read/Business_Types', { schema: { tags: ['catalogue'], response: data(z.array(BusinessTypeSchema)) } }, (request, reply) =>
    cached(request, reply, () => listBusinessTypes(db)),
  );

  return { search: (businessId, text, limit) => searchProducts(db, businessId, text, limit, vocabulary, index) };
}
