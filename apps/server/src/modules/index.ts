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
import { bmplRoutes } from './bmpl/bmpl.routes.ts';
import { businessesRoutes } from './businesses/businesses.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { ledgersRoutes } from './ledgers/ledgers.routes.ts';
import { orderDeskRoutes } from './order-desk/order-desk.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { seoRoutes } from './seo/seo.routes.ts';
import { storageRoutes } from './storage/storage.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';

/** Every module of the API, in one place. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  registerAuthHook(app, deps);
  await healthRoutes(app, deps);
  await authRoutes(app, deps);
  await feedbackRoutes(app, deps);
  await uploadsRoutes(app, deps);
  await storageRoutes(app, deps);
  await ordersRoutes(app, deps);
  await accountsReadRoutes(app, deps);
  await ledgersRoutes(app, deps);
  await bmplRoutes(app, deps);
  await catalogueRoutes(app, deps);
  registerStaffAuthHook(app, deps.db);
  await staffAuthRoutes(app, deps);
  await staffEnrolRoutes(app, deps);
  await staffAccountsRoutes(app, deps);
  await auditRoutes(app, deps);
  await seoRoutes(app, deps);
  await orderDeskRoutes(app, deps);
  await financeRoutes(app, deps);
  await businessesRoutes(app, deps);
  await dashboardRoutes(app, deps);
}
