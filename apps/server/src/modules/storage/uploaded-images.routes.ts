import { IMAGE_NOT_AN_IMAGE, UPLOADED_IMAGE_KINDS, UPLOADED_IMAGE_MAX_BYTES, uploadedImageSources } from '@shop/domain/product-images';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { localFileStore } from '../../lib/file-store.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { acceptImageBodies } from '../../lib/image-body.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { uploadsDir } from '../uploads/uploads.service.ts';
import { PICTURES, readImage, uploadPicture } from './uploaded-images.service.ts';

const UploadedSchema = z.object({ path: z.string(), avif: z.string(), webp: z.string() });

/**
 * Issue 35: pictures are uploaded, never typed. A banner (role Catalogue, content.write) or a category
 * or business-type picture (catalogue.write) is uploaded first and previewed; the form then saves
 * the address it answered. Served publicly by GET /api/images/:file, cached for a year (names are
 * never reused).
 */
export async function uploadedImagesRoutes(app: FastifyInstance, deps: AppDeps) {
  const files = deps.files ?? localFileStore(uploadsDir(deps.config.DATA_DIR));
  await app.register(async (scope) => {
    acceptImageBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/staff/images/:kind',
      {
        bodyLimit: UPLOADED_IMAGE_MAX_BYTES,
        schema: {
          tags: ['staff: content'],
          summary: `Upload a banner or a category or business-type picture (PNG, JPEG or WebP bytes, up to ${UPLOADED_IMAGE_MAX_BYTES / 1024 / 1024} MB); answers its address and srcsets`,
          params: z.object({ kind: z.enum(Object.keys(UPLOADED_IMAGE_KINDS) as ['banner', 'picture']) }),
          response: { 200: z.object({ data: UploadedSchema }) },
        },
      },
      async (request) => {
        requireStaff(request, request.params.kind === 'banner' ? 'content.write' : 'catalogue.write');
        if (!Buffer.isBuffer(request.body)) throw badRequest(IMAGE_NOT_AN_IMAGE);
        const path = await uploadPicture(files, request.params.kind, request.body);
        const sources = uploadedImageSources(path);
        return { data: { path, avif: sources?.avif ?? '', webp: sources?.webp ?? path } };
      },
    );
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/images/:file',
    { schema: { tags: ['content'], summary: 'An uploaded banner or picture in one width and format (public, cached for a year: names are never reused)', params: z.object({ file: z.string().max(120) }) } },
    async (request, reply) => {
      const image = await readImage(files, PICTURES, request.params.file);
      if (!image) throw notFound('There is no such image.');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}
