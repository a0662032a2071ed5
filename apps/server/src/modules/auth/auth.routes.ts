import { GUEST_USER } from '@shop/domain/account';
import { LoginInputSchema, SessionSchema } from '@shop/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { authenticate } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Guest session ({step: "Guest"}) or sign-in with email and password',
        body: LoginInputSchema,
        response: { 200: z.object({ data: SessionSchema.extend({ message: z.string().optional() }) }) },
      },
    },
    async (request) => {
      const body = request.body;
      if ('step' in body && body.step === 'Guest') {
        const token = await deps.tokens.sign({ userId: 0, type: 'Guest', businessId: null });
        return { data: { token, user: GUEST_USER } };
      }
      const user = await authenticate(deps.db, body.email, body.password);
      const token = await deps.tokens.sign({ userId: user.id, type: user.type, businessId: user.businessId });
      return { data: { token, user } };
    },
  );
}
