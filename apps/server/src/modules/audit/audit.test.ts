import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
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

  it('shows Admin the log filtered by person, record, action and date, newest first, page by page, and as CSV', async () => {
    const admin = await signInStaff(t, { email: 'reader@staff.pk', roles: ['Admin'] });
    const actor = await makeStaff(t, { email: 'writer@staff.pk', roles: ['Catalogue'] });
    for (let i = 1; i <= 5; i++) {
      await appendAudit(t.database.db, { staffId: actor.staffId, ip: i === 5 ? '=1+2' : '10.0.0.9', action: 'product.price', entity: 'product', entityId: 900 + (i % 2), before: { price: `${i}00.00` }, after: { price: `${i}10.00`, note: 'a "quoted", word' } });
    }
    type Page = { data: { entries: { id: number; action: string; entityId: string; staffEmail: string | null }[]; nextBefore: number | null } };
    const read = async (query: string) => body<Page>(await admin.inject({ method: 'GET', url: `/api/staff/audit?${query}` })).data;
    const mine = await read(`staffId=${actor.staffId}&limit=2`);
    expect(mine.entries).toHaveLength(2);
    expect(mine.entries[0]?.staffEmail).toBe('writer@staff.pk');
    expect((mine.entries[0]?.id ?? 0) > (mine.entries[1]?.id ?? 0)).toBe(true);
    const rest = await read(`staffId=${actor.staffId}&limit=2&before=${mine.nextBefore}`);
    const last = await read(`staffId=${actor.staffId}&limit=2&before=${rest.nextBefore}`);
    expect([...mine.entries, ...rest.entries, ...last.entries].map((e) => e.id)).toHaveLength(5);
    expect(new Set([...mine.entries, ...rest.entries, ...last.entries].map((e) => e.id)).size).toBe(5);
    expect(last.nextBefore).toBeNull();
    expect((await read('entity=product&entityId=901')).entries.every((e) => e.entityId === '901')).toBe(true);
    expect((await read('entity=product&entityId=901')).entries).toHaveLength(3);
    expect((await read('action=product.price')).entries).toHaveLength(5);
    const today = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);
    expect((await read(`action=product.price&from=${today}&to=${today}`)).entries).toHaveLength(5);
    expect((await read('action=product.price&to=2020-01-01')).entries).toHaveLength(0);
    expect((await admin.inject({ method: 'GET', url: '/api/staff/audit?from=yesterday' })).statusCode).toBe(400);

    const csv = await admin.inject({ method: 'GET', url: '/api/staff/audit/export?action=product.price' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,staff_id,staff_email,ip,action,entity,entity_id,before,after');
    expect(lines).toHaveLength(6);
    // A value a spreadsheet would run as a formula is written as text; quotes and commas are quoted.
    expect(lines[1]).toContain(",'=1+2,");
    expect(csv.body).not.toContain(',=1+2');
    expect(lines[1]).toContain('"{""note"":""a \\""quoted\\"", word"",""price"":""510.00""}"');
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,/);
  });
});
