import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { marketplaceProducts } from './marketplace.ts';
import { createdAt } from './common.ts';
import { staffUsers } from './staff.ts';

/**
 * Issue 19: a CSV import applied as one batch (docs/decisions/016-catalogue-editing.md). The batch and
 * its rows are append-only (migration 0019): a batch is undone by a reverse batch, never by removing it.
 */
export const catalogueBatches = pgTable('catalogue_batches', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  staffId: integer('staff_id').references(() => staffUsers.id),
  fileName: text('file_name').notNull(),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  /** Set on a reverse batch: the batch it undoes (once: unique). */
  undoesBatchId: integer('undoes_batch_id').references((): AnyPgColumn => catalogueBatches.id),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('catalogue_batches_undoes_uq').on(t.undoesBatchId),
  check('catalogue_batches_kind_ck', sql`${t.kind} in ('import', 'stock', 'undo')`),
]);

/** One product a batch made or changed: its columns before and after (null before: made by the batch). */
export const catalogueBatchRows = pgTable('catalogue_batch_rows', {
  id: serial('id').primaryKey(),
  batchId: integer('batch_id').notNull().references(() => catalogueBatches.id),
  productId: integer('product_id').notNull().references(() => products.id),
  before: jsonb('before'),
  after: jsonb('after').notNull(),
  createdAt: createdAt(),
}, (t) => [index('catalogue_batch_rows_batch_idx').on(t.batchId, t.productId)]);

/**
 * A marketplace product's earlier URL segments (issue 19): when a product is renamed its slug follows
 * the new name (SPEC 2's slug rule), and the old address answers with the product under its new one.
 */
export const marketplaceSlugRedirects = pgTable('bmpl_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  marketplaceProductId: integer('bmpl_product_id').notNull().references(() => marketplaceProducts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [index('bmpl_slug_redirects_product_idx').on(t.marketplaceProductId)]);
