// The demo staff (issue 16): one person per role, all with the demo password. Admin and Finance must
// sign in with a second factor; so does the demo Order desk person here, so the end-to-end test of the
// desk signs in as a real desk clerk would (password, then the code from an authenticator app).
import type { StaffRole } from '@shop/domain/staff';
import type { Db } from '../db/client.ts';
import { staffUsers } from '../db/schema/staff.ts';

/**
 * A fixed, published TOTP secret: demo data only (type it into an authenticator app to sign in). It is
 * the well-known 'JBSWY3DPEHPK3PXP' twice: otplib refuses secrets under 16 bytes, and that one alone is 10.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export const DEMO_STAFF: readonly { email: string; name: string; roles: StaffRole[]; totp: boolean }[] = [
  { email: 'admin@staff.demo.pk', name: 'Ayesha Admin', roles: ['Admin'], totp: true },
  { email: 'desk@staff.demo.pk', name: 'Danish Desk', roles: ['Order desk'], totp: true },
  { email: 'finance@staff.demo.pk', name: 'Farah Finance', roles: ['Finance'], totp: true },
  { email: 'catalogue@staff.demo.pk', name: 'Kamran Catalogue', roles: ['Catalogue'], totp: false },
];

export async function insertStaff(db: Db, passwordHash: string, now: Date): Promise<void> {
  await db.insert(staffUsers).values(
    DEMO_STAFF.map((s) => ({
      email: s.email,
      name: s.name,
      roles: s.roles,
      passwordHash,
      totpSecret: s.totp ? DEMO_TOTP_SECRET : null,
      totpEnabledAt: s.totp ? now.toISOString() : null,
    })),
  );
}
