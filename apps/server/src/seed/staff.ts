import type { StaffRole } from '@shop/domain/staff';
import type { Db } from '../db/client.ts';
import { staffUsers } from '../db/schema/staff.ts';

/**
 * The demo's TOTP secret (README): for the demo data only, so that a person trying the demo (and the
 * end-to-end test) can add it to an authenticator app. Real staff enrol with their own secret.
 */
export const DEMO_STAFF_TOTP_SECRET = 'DEMOSTAFFTOTPSECRETFORTHEREADME2';

/** One staff person per role; Admin and Finance (which require it) and the order desk have the second factor. */
export const DEMO_STAFF: readonly { email: string; name: string; roles: StaffRole[]; totp: boolean }[] = [
  { email: 'admin@staff.demo.pk', name: 'Ayesha Admin', roles: ['Admin'], totp: true },
  { email: 'desk@staff.demo.pk', name: 'Danish Desk', roles: ['Order desk'], totp: true },
  { email: 'finance@staff.demo.pk', name: 'Farah Finance', roles: ['Finance'], totp: true },
  { email: 'catalogue@staff.demo.pk', name: 'Kamran Catalogue', roles: ['Catalogue'], totp: false },
];

export async function insertDemoStaff(tx: Pick<Db, 'insert'>, passwordHash: string): Promise<void> {
  await tx.insert(staffUsers).values(
    DEMO_STAFF.map((s) => ({
      email: s.email,
      name: s.name,
      roles: s.roles,
      passwordHash,
      totpSecret: s.totp ? DEMO_STAFF_TOTP_SECRET : null,
      totpEnabledAt: s.totp ? new Date().toISOString() : null,
    })),
  );
}
