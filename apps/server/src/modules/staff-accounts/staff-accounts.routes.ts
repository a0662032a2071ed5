import { CreateStaffInputSchema, StaffAccountSchema, StaffSetupLinkSchema, UpdateStaffInputSchema } from '@shop/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { createStaff, listStaff, newSetupLink, resetSecondFactor, setDisabled, unlockStaff, updateStaff } from './staff-accounts.service.ts';

const tags = ['staff accounts'];
const Params = z.strictObject({ id: z.coerce.number().int().positive() });
const One = z.object({ data: StaffAccountSchema });

/** Admin's staff accounts (issue 16). Every change is audited in its own transaction. */
export async function staffAccountsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db;
  const admin = (request: FastifyRequest) => ({ staffId: requireStaff(request, 'staff.manage').staffId, ip: request.ip });

  r.get('', { schema: { tags, summary: 'Every staff person (Admin)', response: { 200: z.object({ data: z.array(StaffAccountSchema) }) } } }, async (request) => {
    requireStaff(request, 'staff.manage');
    return { data: await listStaff(db) };
  });

  r.post(
    '',
    { schema: { tags, summary: 'Adds a staff person with roles; answers the one-time link to choose a password (Admin)', body: CreateStaffInputSchema, response: { 200: z.object({ data: StaffSetupLinkSchema }) } } },
    async (request) => ({ data: await createStaff(db, admin(request), request.body) }),
  );

  r.patch(
    '/:id',
    { schema: { tags, summary: "Changes a person's name or roles (Admin)", params: Params, body: UpdateStaffInputSchema, response: { 200: One } } },
    async (request) => ({ data: await updateStaff(db, admin(request), request.params.id, request.body) }),
  );

  r.post(
    '/:id/disable',
    { schema: { tags, summary: "Disables a person and ends their sessions at once, on every instance (Admin)", params: Params, response: { 200: One } } },
    async (request) => ({ data: await setDisabled(db, admin(request), request.params.id, true) }),
  );

  r.post('/:id/enable', { schema: { tags, summary: 'Enables a disabled person (Admin)', params: Params, response: { 200: One } } }, async (request) => ({
    data: await setDisabled(db, admin(request), request.params.id, false),
  }));

  r.post(
    '/:id/reset-second-factor',
    { schema: { tags, summary: "Removes a person's second factor and recovery codes and ends their sessions (Admin)", params: Params, response: { 200: One } } },
    async (request) => ({ data: await resetSecondFactor(db, admin(request), request.params.id) }),
  );

  r.post(
    '/:id/unlock',
    { schema: { tags, summary: 'Lifts a sign-in lockout after too many failed attempts and clears the failure count (Admin)', params: Params, response: { 200: One } } },
    async (request) => ({ data: await unlockStaff(db, admin(request), request.params.id) }),
  );

  r.post(
    '/:id/setup-link',
    { schema: { tags, summary: 'A new one-time link to choose a password (Admin)', params: Params, response: { 200: z.object({ data: StaffSetupLinkSchema }) } } },
    async (request) => ({ data: await newSetupLink(db, admin(request), request.params.id) }),
  );
}
