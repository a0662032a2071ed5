import {
  BrandSchema,
  BusinessListingQuerySchema,
  BusinessTypeSchema,
  CategorySchema,
  CityChoiceQuerySchema,
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
import type { CatalogueReadSide } from './catalogue-reads.ts';
import { businessTypeWithDescendants, listBusinessProducts, listProducts } from './listing.service.ts';
import { createViewCounter, productDetail } from './product.service.ts';
import { listBrands, listBusinessTypes, listCategories, listingFacets } from './reference.service.ts';
import type { PriceView } from './pricing.service.ts';
import { createResponseCache } from './response-cache.ts';
import { sendPreparedAnswer } from '../../lib/prepared-answer.ts';

const data = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) });

/** The catalogue's plugin options: the modules' deps and the instance's catalogue read side (catalogue-reads.ts). */
export interface CatalogueRoutesOptions extends ModuleDeps {
  catalogue: CatalogueReadSide;
}

/** The catalogue's routes, a Fastify plugin; its copy and search come in the options (shared with reorder). */
export async function catalogueRoutes(app: FastifyInstance, deps: CatalogueRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reads = deps.catalogueReads;
  // Reads from the read replica when there is one; views are written to `db`.
  const { db, vocabulary, index, changes } = deps.catalogue;
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

  // Issue 36: prices depend on whose they are (price-views.service.ts: the business's locked prices, its city;
  // a guest's chosen city), decided from the database; answers are kept under that view's key.
  const businessOf = (request: FastifyRequest) => request.auth?.businessId ?? null;
  const viewOf = (request: FastifyRequest) => deps.catalogue.priceViews.of(businessOf(request), (request.query as { city?: string } | undefined)?.city);
  const cached = async (request: FastifyRequest, reply: FastifyReply, make: (view: PriceView) => Promise<unknown>): Promise<never> => {
    const { view, key } = await viewOf(request);
    const answer = await cache.get(`${key}|${request.url}`, () => make(view));
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
    (request, reply) => cached(request, reply, (view) => listProducts(db, request.query, { view, vocabulary, index })),
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
    (request, reply) => cached(request, reply, (view) => listBusinessProducts(db, request.query, view, vocabulary, index)),
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
      cached(request, reply, async (view) => {
        const { businessTypeId, ...query } = request.query;
        const businessTypeIds = businessTypeId === undefined ? undefined : await businessTypeWithDescendants(db, businessTypeId);
        return listingFacets(db, query, { view, businessTypeIds, vocabulary });
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
      cached(request, reply, async (view) => ({
        products: await deps.catalogue.search(view, request.query.search, request.query.limit),
      })),
  );

  r.get(
    '/api/catalogue/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product (shareable /productDetails?id=N) with up to 16 related products; counts a view',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: CityChoiceQuerySchema,
        response: data(ProductDetailSchema),
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const sent = await cached(request, reply, async (view) => {
        const detail = await productDetail(db, view, id, index);
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
}
