import { IMAGE_NOT_AN_IMAGE, IMAGE_TOO_LARGE, UPLOADED_IMAGE_MAX_BYTES, UPLOADED_IMAGE_TYPES } from '@shop/domain/product-images';
import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Lets a scope's routes take a picture's bytes as the body (Content-Type image/png, image/jpeg or
 * image/webp, up to UPLOADED_IMAGE_MAX_BYTES), and says in words what was wrong with a refused one:
 * too large (413) or not a picture's type (415). Other errors go on to the app's error handler.
 */
export function acceptImageBodies(scope: FastifyInstance) {
  scope.addContentTypeParser([...UPLOADED_IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: UPLOADED_IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));
  scope.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ error: IMAGE_TOO_LARGE });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ error: IMAGE_NOT_AN_IMAGE });
    throw error;
  });
}
