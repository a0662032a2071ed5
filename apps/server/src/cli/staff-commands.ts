import { parseArgs } from 'node:util';
import { CreateStaffInputSchema, StaffRoleSchema } from '@shop/domain/staff';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffUsers } from '../db/schema/staff.ts';
import { createStaff, newSetupLink, resetSecondFactor } from '../modules/staff-accounts/staff-accounts.service.ts';

export const STAFF_CLI_USAGE = `Usage:
  npm run staff:create -- --email EMAIL --role ROLE [--role ROLE ...] [--name NAME]
      Adds a staff person and prints a one-time link to choose a password (and enrol the second factor).
  npm run staff:reset-second-factor -- --email EMAIL
      Removes a person's second factor (an Admin who lost it and has no recovery code), ends their
      sessions and prints a new one-time link.
Roles: Admin, "Order desk", Finance, Catalogue. PUBLIC_URL sets the link's address (default http://localhost:PORT).`;

/** The command line acts as nobody signed in: its audit entries have no staff id and the address 'cli'. */
const CLI = { staffId: null, ip: 'cli' } as const;

/** Runs one staff command; answers what to print, or throws an Error whose message is for the operator. */
export async function runStaffCommand(db: Db, argv: string[], baseUrl: string): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string', multiple: true }, name: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return STAFF_CLI_USAGE;
  const command = positionals[0] ?? 'create';
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new Error(`--email is required.\n\n${STAFF_CLI_USAGE}`);
  const url = (path: string) => new URL(path, baseUrl).toString();

  if (command === 'create') {
    const roles = (values.role ?? []).map((r) => {
      const parsed = StaffRoleSchema.safeParse(r);
      if (!parsed.success) throw new Error(`Unknown role "${r}". Roles: Admin, "Order desk", Finance, Catalogue.`);
      return parsed.data;
    });
    const input = CreateStaffInputSchema.safeParse({ email, name: values.name ?? email.split('@')[0], roles });
    if (!input.success) throw new Error(input.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
    const made = await createStaff(db, CLI, input.data);
    return `Staff person ${made.account.email} (${made.account.roles.join(', ')}) created.\nOne-time link to choose a password${roles.some((r) => r === 'Admin' || r === 'Finance') ? ' and set up two-factor sign-in' : ''} (valid until ${made.expiresAt}):\n${url(made.setupUrl)}`;
  }
  if (command === 'reset-second-factor') {
    const [row] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email));
    if (!row) throw new Error(`No staff person with email ${email}.`);
    await resetSecondFactor(db, CLI, row.id);
    const link = await newSetupLink(db, CLI, row.id);
    return `Second factor of ${email} removed and their sessions ended.\nOne-time link to choose a new password and set up two-factor sign-in again (valid until ${link.expiresAt}):\n${url(link.setupUrl)}`;
  }
  throw new Error(`Unknown command "${command}".\n\n${STAFF_CLI_USAGE}`);
}
