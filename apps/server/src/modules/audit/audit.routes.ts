import { Readable } from 'node:stream';
import { AuditPageSchema, AuditQuerySchema } from '@shop/domain/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { auditCsv, readAudit } from './audit-read.service.ts';

const tags = ['audit'];

/** Admin reads and exports the audit log; nothing here (or anywhere) changes it. */
export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '',
    { schema: { tags, summary: 'Audit entries, newest first, filtered by person, record, action and date; keyset paging (Admin)', querystring: AuditQuerySchema, response: { 200: z.object({ data: AuditPageSchema }) } } },
    async (request) => {
      requireStaff(request, 'audit.read');
      return { data: await readAudit(deps.db, request.query) };
    },
  );

  r.get(
    '/export',
    { schema: { tags, summary: 'The filtered audit log as CSV (Admin)', querystring: AuditQuerySchema.omit({ before: true, limit: true }) } },
    async (request, reply) => {
      requireStaff(request, 'audit.read');
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsv(deps.db, request.query)));
    },
  );
}
