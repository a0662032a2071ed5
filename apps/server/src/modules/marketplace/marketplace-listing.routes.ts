import {
  MarketplaceCandidateSchema,
  MarketplaceCandidatesQuerySchema,
  MarketplaceCityProductsQuerySchema,
  MarketplaceCityProductsSchema,
  MarketplaceListInputSchema,
  MarketplaceListResultSchema,
  MarketplaceOverviewSchema,
  MarketplaceUnlistInputSchema,
  MarketplaceUnlistResultSchema,
} from '@shop/domain/marketplace-listing';
import type { StaffCapability } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import type { StaffActor } from '../businesses/businesses.service.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { cityProducts, listingCandidates, listInMarketplace, marketplaceOverview, unlistFromMarketplace } from './marketplace-listing.service.ts';

const CityParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['staff: catalogue'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest, capability: StaffCapability): StaffActor {
  const staff = requireStaff(request, capability);
  return { staffId: staff.staffId, ip: request.ip };
}

/**
 * Issue 35: what the marketplace (/bmpl) lists in each city (role Catalogue): an overview per city and
 * category, a city's listed products, and listing or taking out products or whole categories. Every
 * write is audited; the marketplace's pages and copies show it within 2 s (its change feed).
 */
export async function marketplaceListingRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/staff/marketplace',
    { schema: { tags, summary: 'Per city the products the marketplace shows; per category under Food, how many each city shows', response: ok(MarketplaceOverviewSchema) } },
    async (request) => {
      actor(request, 'catalogue.read');
      return { data: await marketplaceOverview(db) };
    },
  );

  r.get(
    '/api/staff/marketplace/cities/:id/products',
    {
      schema: {
        tags,
        summary: "A city's listed marketplace products by name (hidden ones too), by category, words of the name or a SKU",
        params: CityParams,
        querystring: MarketplaceCityProductsQuerySchema,
        response: ok(MarketplaceCityProductsSchema),
      },
    },
    async (request) => {
      actor(request, 'catalogue.read');
      return { data: await cityProducts(db, request.params.id, request.query) };
    },
  );

  r.get(
    '/api/staff/marketplace/candidates',
    {
      schema: {
        tags,
        summary: 'Storefront products by SKU or name, each with the cities it is listed in and why it cannot be listed, if so',
        querystring: MarketplaceCandidatesQuerySchema,
        response: ok(z.array(MarketplaceCandidateSchema)),
      },
    },
    async (request) => {
      actor(request, 'catalogue.read');
      return { data: await listingCandidates(db, request.query) };
    },
  );

  r.post(
    '/api/staff/marketplace/listings',
    {
      schema: {
        tags,
        summary: "List storefront products (picked, or a category's) in cities: the marketplace product is made from the product, the prices by the one price rule; audited",
        body: MarketplaceListInputSchema,
        response: ok(MarketplaceListResultSchema),
      },
    },
    async (request) => ({ data: await listInMarketplace(db, actor(request, 'catalogue.write'), request.body) }),
  );

  r.post(
    '/api/staff/marketplace/listings/remove',
    {
      schema: {
        tags,
        summary: "Take marketplace products (picked, or a category's) out of cities: their city records are deleted; audited",
        body: MarketplaceUnlistInputSchema,
        response: ok(MarketplaceUnlistResultSchema),
      },
    },
    async (request) => ({ data: await unlistFromMarketplace(db, actor(request, 'catalogue.write'), request.body) }),
  );
}
