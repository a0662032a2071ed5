import { DashboardSchema } from '@shop/domain/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireStaffSignedIn } from '../staff-auth/staff-auth.guard.ts';
import { readDashboard } from './dashboard.service.ts';

/** Issue 18: the back office's home page. Every staff person may open it; each figure follows their roles. */
export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '',
    { schema: { tags: ['staff: dashboard'], summary: "Today's orders by status, Pending too long, registrations waiting, orders per day", response: { 200: z.object({ data: DashboardSchema }) } } },
    async (request) => {
      const staff = requireStaffSignedIn(request);
      return { data: await readDashboard(deps.db, staff.roles) };
    },
  );
}
