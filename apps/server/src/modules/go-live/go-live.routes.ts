import { GoLiveSchema } from '@shop/domain/go-live';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { readGoLive } from './go-live.service.ts';

/** Issue 35: the first-run checklist on the Admin's start page (staff.manage: the Admin). */
export async function goLiveRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mail = { smtp: Boolean(deps.config.SMTP_URL), outbox: deps.config.MAIL_OUTBOX === '1', demo: deps.config.DEMO_INSTALL === true };
  r.get(
    '',
    { schema: { tags: ['staff: go live'], summary: 'What the shop still lacks before buyers can register and order, from the database and the mail configuration', response: { 200: z.object({ data: GoLiveSchema }) } } },
    async (request) => {
      requireStaff(request, 'staff.manage');
      return { data: await readGoLive(deps.db, mail) };
    },
  );
}
