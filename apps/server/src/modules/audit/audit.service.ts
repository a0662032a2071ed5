import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/staff.ts';

/** The database, or a transaction of it (drizzle's transaction has the same insert API). */
export type DbOrTx = Pick<Db, 'insert'>;

export interface AuditInput {
  /** Null only for the command line (no person is signed in there). */
  staffId: number | null;
  /** The client's address (request.ip), or 'cli'. */
  ip: string;
  /** What was done, as `record.verb`: 'staff.create', 'staff.roles', 'order.status' ... */
  action: string;
  /** Which kind of record: 'staff', 'order', 'product' ... */
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

// Values that must never be copied into the log, whatever record they come from.
const SECRET_KEY = /password|secret|token|hash|recovery/i;

function redact(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

/**
 * Appends one audit entry. Pass the transaction the write runs in, so the entry exists exactly when
 * the write does (a rolled-back write leaves no entry, and no write lands without one).
 */
export async function appendAudit(tx: DbOrTx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    ip: entry.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: redact(entry.before),
    after: redact(entry.after),
  });
}
