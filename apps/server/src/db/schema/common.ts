import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/** Money in rupees, exact (ARCHITECTURE: numeric(12,2)). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** A timestamptz as PostgreSQL prints it ("2026-11-25 06:11:40.69+00") in ISO 8601, for JSON answers. */
export const isoTime = (value: string): string => new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
