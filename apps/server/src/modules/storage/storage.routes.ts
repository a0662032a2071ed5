import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { bannerSvg, productSvg, titleFromSlug } from './images.ts';

const Segment = z.string().regex(/^[\p{L}\p{N}&_-]{1,120}$/u, 'is not a valid name');
const SvgFile = z.string().regex(/^[\p{L}\p{N}&_-]{1,160}\.svg$/u, 'is not a valid image name');

const SIZES = { desktop: [1600, 420], mobile: [800, 480], tile: [600, 400], poster: [480, 640], strip: [480, 600] } as const;

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=604800')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
    .send(svg);
}

/** Our own storage path for demo images (ARCHITECTURE: nothing is loaded from outside hosts). */
export async function storageRoutes(app: FastifyInstance, _deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/products/:category/:file',
    { schema: { hide: true, params: z.object({ category: Segment, file: SvgFile }) } },
    (request, reply) => sendSvg(reply, productSvg(request.params.category, titleFromSlug(request.params.file))),
  );
  r.get(
    '/art/:size/:file',
    { schema: { hide: true, params: z.object({ size: z.enum(['desktop', 'mobile', 'tile', 'poster', 'strip']), file: SvgFile }) } },
    (request, reply) => {
      const [w, h] = SIZES[request.params.size];
      const title = titleFromSlug(request.params.file);
      return sendSvg(reply, bannerSvg(request.params.file, title, w, h));
    },
  );
}
