import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/staff.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/staff.ts';
import { appendAudit } from './audit.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('audit log', () => {
  it('appends an entry in the caller\'s transaction, with secrets redacted', async () => {
    const s = await makeStaff(t, { email: 'auditor@staff.pk', roles: ['Admin'] });
    await t.database.db.transaction(async (tx) => {
      await appendAudit(tx, { staffId: s.staffId, ip: '10.0.0.7', action: 'staff.roles', entity: 'staff', entityId: 42, before: { roles: ['Catalogue'] }, after: { roles: ['Finance'], passwordHash: 'scrypt$x', nested: { totpSecret: 'ABC' } } });
    });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, '42'));
    expect(row).toMatchObject({ staffId: s.staffId, ip: '10.0.0.7', action: 'staff.roles', entity: 'staff', entityId: '42', before: { roles: ['Catalogue'] } });
    expect(row?.after).toEqual({ roles: ['Finance'], passwordHash: '[redacted]', nested: { totpSecret: '[redacted]' } });
  });

  it('leaves no entry when the write rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await appendAudit(tx, { staffId: null, ip: 'cli', action: 'test.rollback', entity: 'staff', entityId: 'rollback', before: null, after: null });
        throw new Error('write failed');
      }),
    ).rejects.toThrow('write failed');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'test.rollback'))).toEqual([]);
  });

  it('is refused UPDATE, DELETE and TRUNCATE by the database itself', async () => {
    await appendAudit(t.database.db, { staffId: null, ip: 'cli', action: 'test.keep', entity: 'staff', entityId: 'keep', before: null, after: { a: 1 } });
    // drizzle wraps the database's error; its cause is PostgreSQL's own message.
    const refusal = async (query: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(query);
        return 'allowed';
      } catch (err) {
        return String((err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message);
      }
    };
    expect(await refusal(sql`update audit_log set action = 'changed' where action = 'test.keep'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_log where action = 'test.keep'`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'test.keep'));
    expect(rows).toHaveLength(1);
  });
});
