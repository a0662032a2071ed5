import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireRegistered } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { listDocuments, readDocument } from './uploads.service.ts';

export async function uploadsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/uploads',
    {
      schema: {
        tags: ['uploads'],
        summary: "The registration documents of the caller's business",
        security: [{ bearer: [] }],
        response: {
          200: z.object({ data: z.array(z.object({ id: z.number(), kind: z.string(), contentType: z.string(), size: z.number(), createdAt: z.string() })) }),
        },
      },
    },
    async (request) => {
      const auth = requireRegistered(request);
      return { data: await listDocuments(deps.db, auth.businessId) };
    },
  );

  r.get(
    '/api/uploads/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: "One registration document, only for users of the document's business",
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const auth = requireRegistered(request);
      const doc = await readDocument(deps.db, deps.files ?? deps.config.DATA_DIR, request.params.id, auth.businessId);
      if (!doc) throw notFound('Document not found');
      // The type comes from the bytes checked at upload; nosniff and a closed CSP keep it an image.
      return reply
        .header('content-type', doc.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', `inline; filename="${doc.kind}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.bytes);
    },
  );
}
