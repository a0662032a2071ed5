import type { AuditEntry, AuditQuery } from '@shop/domain/staff';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { auditLog, staffUsers } from '../../db/schema/staff.ts';

/** A date of the shop's day (Pakistan, UTC+5 all year) as the instant it starts. */
const dayStart = (date: string, plusDays = 0) => {
  const d = new Date(`${date}T00:00:00+05:00`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString();
};

function where(q: Omit<AuditQuery, 'limit'>): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    q.staffId ? eq(auditLog.staffId, q.staffId) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.from ? gte(auditLog.at, dayStart(q.from)) : undefined,
    q.to ? lt(auditLog.at, dayStart(q.to, 1)) : undefined,
    q.before ? lt(auditLog.id, q.before) : undefined,
  ];
  return and(...parts.filter(Boolean));
}

/** Newest first; keyset paging on id (entries are only ever appended, so ids follow time). */
export async function readAudit(db: Db, q: AuditQuery): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffId: auditLog.staffId,
      staffEmail: staffUsers.email,
      ip: auditLog.ip,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(where(q))
    .orderBy(desc(auditLog.id))
    .limit(q.limit + 1);
  const entries = rows.slice(0, q.limit).map((e) => ({ ...e, at: isoTime(e.at) }));
  return { entries, nextBefore: rows.length > q.limit ? (entries.at(-1)?.id ?? null) : null };
}

// A cell that a spreadsheet would run as a formula is quoted as text (CSV injection).
const cell = (value: unknown): string => {
  let s = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const AUDIT_CSV_MAX_ROWS = 100_000;

/**
 * The filtered log as CSV, newest first, read 1,000 rows at a time so memory stays flat however
 * long the export. A few lines of quoting are simpler than a CSV library for one fixed table.
 */
export async function* auditCsv(db: Db, q: Omit<AuditQuery, 'limit' | 'before'>): AsyncGenerator<string> {
  yield 'id,at,staff_id,staff_email,ip,action,entity,entity_id,before,after\r\n';
  let before: number | undefined;
  let written = 0;
  while (written < AUDIT_CSV_MAX_ROWS) {
    const page = await readAudit(db, { ...q, before, limit: 1000 } as AuditQuery);
    if (page.entries.length) {
      yield page.entries.map((e) => [e.id, e.at, e.staffId, e.staffEmail, e.ip, e.action, e.entity, e.entityId, e.before, e.after].map(cell).join(',')).join('\r\n') + '\r\n';
      written += page.entries.length;
    }
    if (page.nextBefore == null) return;
    before = page.nextBefore;
  }
}
