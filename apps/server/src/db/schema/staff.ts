import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * The wholesaler's own people (issue 16). Not buyers: their own table, sessions and sign-in, and
 * nothing here refers to business_users.
 */
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull(),
  /** Null until the person has chosen a password through the one-time setup link. */
  passwordHash: text('password_hash'),
  /** Base32 TOTP secret; set at enrolment start, trusted only once totp_enabled_at is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: at('totp_enabled_at'),
  /** The last RFC 6238 time step accepted: a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** SHA-256 of the one-time setup link's token, and when it stops working. */
  setupTokenHash: text('setup_token_hash'),
  setupTokenExpiresAt: at('setup_token_expires_at'),
  disabledAt: at('disabled_at'),
  /** Issue 37: failed sign-in steps in a row from browsers the person has not signed in on, and from theirs. */
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  failedKnownSignIns: integer('failed_known_sign_ins').notNull().default(0),
  /** Set when either count reaches STAFF_LOCKOUT_FAILURES; scope 'unknown' (other browsers) or 'all'. */
  lockedAt: at('locked_at'),
  lockedScope: text('locked_scope'),
  lastSignInAt: at('last_sign_in_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('staff_users_email_uq').on(t.email),
  uniqueIndex('staff_users_setup_token_uq').on(t.setupTokenHash),
  check('staff_users_email_lower_ck', sql`${t.email} = lower(${t.email})`),
  check('staff_users_locked_scope_ck', sql`${t.lockedScope} is null or ${t.lockedScope} in ('unknown', 'all')`),
  check('staff_users_roles_ck', sql`cardinality(${t.roles}) >= 1 and ${t.roles} <@ array['Admin', 'Order desk', 'Finance', 'Catalogue']::text[]`),
]);

/**
 * Server-side staff sessions. The cookie holds a random token; only its SHA-256 is stored, so a
 * copy of the database signs nobody in. Every staff request reads its row (disabling a person or
 * signing out ends the session on every instance at once).
 */
export const staffSessions = pgTable('staff_sessions', {
  idHash: text('id_hash').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffUsers.id),
  /** 'totp': password given, code awaited; 'enrol': must set up the second factor; 'full': signed in. */
  stage: text('stage').notNull(),
  createdAt: createdAt(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  revokedAt: at('revoked_at'),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull().default(''),
}, (t) => [
  index('staff_sessions_staff_idx').on(t.staffId),
  check('staff_sessions_stage_ck', sql`${t.stage} in ('totp', 'enrol', 'full')`),
]);

/** Ten one-time recovery codes per person, stored as SHA-256 (they are long random strings). */
export const staffRecoveryCodes = pgTable('staff_recovery_codes', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffUsers.id),
  codeHash: text('code_hash').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('staff_recovery_codes_uq').on(t.staffId, t.codeHash)]);

/**
 * Every staff write, appended in the write's own transaction. A trigger (migration
 * staff_audit_append_only) refuses UPDATE, DELETE and TRUNCATE. staff_id is null only for the
 * command line (making the first Admin), whose ip is 'cli'.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: at('at').notNull().defaultNow(),
  staffId: integer('staff_id').references(() => staffUsers.id),
  ip: text('ip').notNull(),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
}, (t) => [
  index('audit_log_staff_idx').on(t.staffId, t.id),
  index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
  index('audit_log_action_idx').on(t.action, t.id),
  index('audit_log_at_idx').on(t.at),
]);
