import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/** Money in rupees, exact (ARCHITECTURE: numeric(12,2)). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
