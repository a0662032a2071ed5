import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../app-deps.ts';
import { registerAuthHook } from '../lib/auth-hook.ts';
import { registerStaffAuthHook } from './staff-auth/staff-auth.guard.ts';
import { staffAuthRoutes } from './staff-auth/staff-auth.routes.ts';
import { staffEnrolRoutes } from './staff-auth/staff-enrol.routes.ts';
import { staffAccountsRoutes } from './staff-accounts/staff-accounts.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { accountsReadRoutes } from './accounts-read/accounts-read.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { financeRoutes } from './finance/finance.routes.ts';
import { feedbackRoutes } from './feedback/feedback.routes.ts';
import { marketplaceRoutes } from './marketplace/marketplace.routes.ts';
import { marketplaceListingRoutes } from './marketplace/marketplace-listing.routes.ts';
import { businessesRoutes } from './businesses/businesses.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { createCatalogueReadSide } from './catalogue/catalogue-reads.ts';
import { catalogueAdminRoutes } from './catalogue-admin/catalogue-admin.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { ledgersRoutes } from './ledgers/ledgers.routes.ts';
import { orderDeskRoutes } from './order-desk/order-desk.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { reorderRoutes } from './reorder/reorder.routes.ts';
import { seoRoutes } from './seo/seo.routes.ts';
import { storageRoutes } from './storage/storage.routes.ts';
import { uploadedImagesRoutes } from './storage/uploaded-images.routes.ts';
import { businessTypesRoutes } from './businesses/business-types.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { pricesRoutes } from './prices/prices.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { feedbackInboxRoutes } from './feedback-inbox/feedback-inbox.routes.ts';
import { goLiveRoutes } from './go-live/go-live.routes.ts';
import { placesRoutes } from './places/places.routes.ts';

/**
 * Every module of the API, in one place. Each module's routes are a Fastify plugin, registered
 * encapsulated (a module's hooks, parsers and decorations stay inside it) with the module's deps as
 * its options, and with its URL prefix where all its routes share one. What every request needs is
 * on the root, before any module: the buyer's token check and the staff session guard (each acts on
 * its own URLs only, so where a module is registered does not change which requests they reach), the
 * rate limiter, the instance's copies list and loop delay (app.ts).
 */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  registerAuthHook(app, deps);
  registerStaffAuthHook(app, deps.db);
  await app.register(healthRoutes, { ...deps, prefix: '/api/health' });
  await app.register(authRoutes, deps);
  await app.register(feedbackRoutes, deps);
  await app.register(uploadsRoutes, deps);
  await app.register(storageRoutes, { ...deps, prefix: '/storage' });
  await app.register(ordersRoutes, deps);
  await app.register(accountsReadRoutes, deps);
  await app.register(ledgersRoutes, deps);
  await app.register(marketplaceRoutes, { ...deps, prefix: '/api/bmpl' });
  // The catalogue's copy and search, one per instance: its routes and reorder's quick order use them.
  // (Made after the marketplace's, as before the plugins: readiness names the copies in this order.)
  const catalogue = createCatalogueReadSide(app, deps);
  await app.register(catalogueRoutes, { ...deps, catalogue });
  await app.register(reorderRoutes, { ...deps, search: catalogue.search });
  await app.register(staffAuthRoutes, { ...deps, prefix: '/api/staff/auth' });
  await app.register(staffEnrolRoutes, { ...deps, prefix: '/api/staff/auth' });
  await app.register(staffAccountsRoutes, { ...deps, prefix: '/api/staff/accounts' });
  await app.register(auditRoutes, { ...deps, prefix: '/api/staff/audit' });
  await app.register(seoRoutes, deps);
  await app.register(orderDeskRoutes, deps);
  await app.register(financeRoutes, { ...deps, prefix: '/api/staff/finance' });
  await app.register(businessesRoutes, deps);
  await app.register(dashboardRoutes, { ...deps, prefix: '/api/staff/dashboard' });
  await app.register(catalogueAdminRoutes, deps);
  await app.register(pricesRoutes, { ...deps, prefix: '/api/staff/prices' });
  await app.register(contentRoutes, deps);
  await app.register(uploadedImagesRoutes, deps);
  await app.register(businessTypesRoutes, deps);
  await app.register(feedbackInboxRoutes, { ...deps, prefix: '/api/staff/feedback' });
  await app.register(goLiveRoutes, { ...deps, prefix: '/api/staff/go-live' });
  await app.register(placesRoutes, deps);
  await app.register(marketplaceListingRoutes, deps);
}
