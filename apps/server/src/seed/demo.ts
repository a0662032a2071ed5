// Deterministic demo data for an empty database: the same rows on every run (seeded generator),
// except that order, invoice and ledger dates are counted back from the seeding day.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businessUsers } from '../db/schema/business.ts';
import { cities } from '../db/schema/places.ts';
import { hashPassword } from '../lib/passwords.ts';
import { DEMO_PASSWORD, insertAccounts } from './accounts.ts';
import { insertBanners, insertCatalogue, insertDemoProducts } from './catalogue.ts';
import { insertDemoReceipts } from './finance.ts';
import { insertMarketplace } from './marketplace.ts';
import { insertOrders } from './orders.ts';
import { insertPlaces } from './places.ts';
import { insertPricesAndContent } from './prices-content.ts';
import { insertRegistrations } from './registrations.ts';
import { insertReorderDemo } from './reorder.ts';
import { insertDemoStaff } from './staff.ts';

/** The demo sign-ins; all share DEMO_PASSWORD. */
export const DEMO_USERS = {
  owner: 'owner@demo.pk',
  orderer: 'orderer@demo.pk',
  approver: 'approver@demo.pk',
  credit: 'credit@demo.pk',
  advance: 'advance@demo.pk',
} as const;

export { DEMO_PASSWORD };

/** How many of the demo sign-ins (README's public password) exist in this database. */
export async function countDemoAccounts(db: Db): Promise<number> {
  const rows = await db.select({ id: businessUsers.id }).from(businessUsers).where(inArray(businessUsers.email, Object.values(DEMO_USERS)));
  return rows.length;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: cities.id }).from(cities).limit(1);
  return rows.length === 0;
}

export interface SeedOptions {
  /** The day order and ledger dates count back from; defaults to now. */
  now?: Date;
  /** Where the demo registrations' documents are written (the server's DATA_DIR); without it they have none. */
  dataDir?: string;
}

/** Fills an empty database with the demo catalogue, marketplace, accounts, orders and ledgers. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  // scrypt is deliberately slow: hash once, outside the transaction, and share it.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const places = await insertPlaces(tx);
    const ids = await insertCatalogue(tx);
    await insertBanners(tx);
    const demo = await insertDemoProducts(tx, ids, places);
    await insertMarketplace(tx, ids, places, demo);
    const accounts = await insertAccounts(tx, places, demo, passwordHash);
    await insertOrders(tx, accounts, demo, now);
    await insertReorderDemo(tx, accounts, demo, now);
    await insertRegistrations(tx, places, now, options.dataDir);
    await insertDemoStaff(tx, passwordHash);
    await insertDemoReceipts(tx, accounts, now);
    await insertPricesAndContent(tx, places, demo, accounts);
  });
}
