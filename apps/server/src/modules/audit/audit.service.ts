import { redactSecrets } from '../../lib/logger.ts';
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

// Values that must never be copied into the log, whatever record they come from: the server's one
// list of secrets (lib/logger.ts).
const redact = (value: unknown) => (value === undefined ? null : redactSecrets(value));

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
