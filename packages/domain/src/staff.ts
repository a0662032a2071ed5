import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './auth.ts';

/**
 * The staff side (issue 16): who works in the back office and what each role may do. Both the
 * server (which enforces it) and the staff app (which only shows what is allowed) read this file.
 */
export const STAFF_ROLES = ['Admin', 'Order desk', 'Finance', 'Catalogue'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

export const STAFF_CAPABILITIES = [
  'staff.manage',
  'audit.read',
  'settings.write',
  'orders.read',
  'orders.write',
  'finance.read',
  'finance.write',
  'catalogue.read',
  'catalogue.write',
  'businesses.read',
  'businesses.write',
  // Issue 19 (docs/decisions/017-prices-and-content.md).
  'prices.read',
  'prices.write',
  'content.write',
  'feedback.write',
] as const;
export const StaffCapabilitySchema = z.enum(STAFF_CAPABILITIES);
export type StaffCapability = z.infer<typeof StaffCapabilitySchema>;

/**
 * What each role may do. Admin does NOT imply the other roles (docs/decisions/008-staff-back-office.md): the person who
 * manages accounts and reads the audit log is not thereby the one who posts money or changes orders.
 * An Admin who also works the desk holds both roles, and granting a role is itself an audited write.
 * Finance reads orders (payments are posted against them) but does not change them.
 * Finance verifies businesses and sets their terms (it carries the credit risk); the Order desk reads
 * them (docs/decisions/013-verifying-businesses.md).
 * Issue 19 (docs/decisions/017-prices-and-content.md): Catalogue sets every price (customer, city,
 * thresholds) and the content; the Order desk and Finance read prices and run the price check (a
 * buyer asks them why a line cost what it did); the Order desk answers the feedback inbox.
 */
export const ROLE_CAPABILITIES: Readonly<Record<StaffRole, readonly StaffCapability[]>> = {
  Admin: ['staff.manage', 'audit.read', 'settings.write'],
  'Order desk': ['orders.read', 'orders.write', 'businesses.read', 'prices.read', 'feedback.write'],
  Finance: ['finance.read', 'finance.write', 'orders.read', 'businesses.read', 'businesses.write', 'prices.read'],
  Catalogue: ['catalogue.read', 'catalogue.write', 'prices.read', 'prices.write', 'content.write'],
};

export function staffCan(roles: readonly StaffRole[], capability: StaffCapability): boolean {
  return roles.some((role) => ROLE_CAPABILITIES[role]?.includes(capability));
}

export function staffCapabilities(roles: readonly StaffRole[]): StaffCapability[] {
  return STAFF_CAPABILITIES.filter((c) => staffCan(roles, c));
}

/** Roles whose holders must sign in with a second factor; the others are offered it. */
export const TOTP_REQUIRED_ROLES: readonly StaffRole[] = ['Admin', 'Finance'];
export const staffRequiresTotp = (roles: readonly StaffRole[]) => roles.some((r) => TOTP_REQUIRED_ROLES.includes(r));

/** A signed-in session ends after this long without a request. */
export const STAFF_IDLE_MINUTES = 30;
/** And in any case this long after sign-in. */
export const STAFF_SESSION_MAX_HOURS = 12;
/** Time to type the second factor after the password. */
export const STAFF_SECOND_FACTOR_MINUTES = 5;
export const STAFF_RECOVERY_CODE_COUNT = 10;
/** The one-time link that lets a new person choose a password. */
export const STAFF_SETUP_LINK_HOURS = 72;
/** Header that carries the CSRF token on every staff call that is not a GET. */
export const STAFF_CSRF_HEADER = 'x-csrf-token';

/**
 * Issue 37: consecutive failed sign-in steps (password or second factor) after which a person's
 * account is locked. Failures from browsers the person has not signed in on lock it against such
 * browsers only (a stranger cannot lock the person out of their own known browser); failures from the
 * person's known browsers lock it everywhere. Only an Admin, or a new setup link used, unlocks it.
 * NIST SP 800-63B allows at most 100.
 */
export const STAFF_LOCKOUT_FAILURES = 50;
export const STAFF_LOCKED =
  'This account is locked after too many failed sign-in attempts. Ask an Admin to unlock it (your usual browser may still sign in).';

/** A set of roles: at least one, each once. */
export const StaffRolesSchema = z
  .array(StaffRoleSchema)
  .min(1, 'must name at least one role')
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'must not name a role twice');

/** A TOTP code (6 digits) or a recovery code (10 letters and digits, a dash allowed in the middle). */
export const SecondFactorCodeSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'must be the 6-digit code from your app or a recovery code');
export const TotpCodeSchema = z.string().trim().regex(/^\d{6}$/, 'must be the 6-digit code from your app');

// ---- Contracts of /api/staff/auth ----

export const StaffLoginInputSchema = z.strictObject({ email: EmailSchema, password: z.string().min(1).max(200) });
export const StaffSecondFactorInputSchema = z.strictObject({ code: SecondFactorCodeSchema });
export const StaffTotpConfirmInputSchema = z.strictObject({ code: TotpCodeSchema });

export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  capabilities: z.array(StaffCapabilitySchema),
  totpEnabled: z.boolean(),
  totpRequired: z.boolean(),
  /** Sent back in the x-csrf-token header on every call that is not a GET. */
  csrfToken: z.string(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/**
 * What follows the password: `totp` asks for the code, `enrol` for setting up the second factor (the
 * roles require it and the person has none yet), `done` means signed in. csrfToken belongs to the
 * new session, whatever its step.
 */
export const StaffLoginResultSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('totp'), csrfToken: z.string() }),
  z.object({ step: z.literal('enrol'), csrfToken: z.string() }),
  z.object({ step: z.literal('done'), csrfToken: z.string(), me: StaffMeSchema }),
]);
export type StaffLoginResult = z.infer<typeof StaffLoginResultSchema>;

export const StaffTotpEnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of otpauthUrl as an SVG document. */
  qrSvg: z.string(),
});
export const StaffRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()), me: StaffMeSchema });

export const StaffSetupInfoSchema = z.object({ email: z.string(), name: z.string(), totpRequired: z.boolean() });
export const StaffSetupInputSchema = z.strictObject({ token: z.string().min(20).max(100), password: PasswordSchema });

// ---- Contracts of /api/staff/accounts (Admin) ----

export const StaffNameSchema = z.string().trim().min(2, 'must be at least 2 characters').max(120);

export const StaffAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  totpEnabled: z.boolean(),
  /** True until the person has used the setup link to choose a password. */
  invited: z.boolean(),
  disabled: z.boolean(),
  /** Issue 37: locked after STAFF_LOCKOUT_FAILURES failed sign-in steps; 'unknown' browsers only, or 'all'. */
  locked: z.enum(['unknown', 'all']).nullable(),
  /** Failed sign-in steps since the last success or unlock. */
  failedSignIns: z.number().int(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

export const CreateStaffInputSchema = z.strictObject({ email: EmailSchema, name: StaffNameSchema, roles: StaffRolesSchema });
export type CreateStaffInput = z.infer<typeof CreateStaffInputSchema>;
export const UpdateStaffInputSchema = z.strictObject({ name: StaffNameSchema.optional(), roles: StaffRolesSchema.optional() });
export const StaffSetupLinkSchema = z.object({ account: StaffAccountSchema, setupUrl: z.string(), expiresAt: z.string() });

// ---- Contracts of /api/staff/audit (Admin) ----

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.number().int().nullable(),
  staffEmail: z.string().nullable(),
  ip: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
export const AuditQuerySchema = z.strictObject({
  staffId: z.coerce.number().int().positive().optional(),
  entity: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  /** Inclusive dates, in Pakistan time (the shop's day). */
  from: DateOnly.optional(),
  to: DateOnly.optional(),
  /** Keyset paging: entries older than this id. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), nextBefore: z.number().int().nullable() });
