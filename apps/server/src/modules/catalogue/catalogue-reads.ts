import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { createChangeFollower, serverMirror } from '../../lib/db-mirror.ts';
import { CATALOGUE_TABLES, type CatalogueIndex, createCatalogueIndex } from './catalogue-index.ts';
import { createPriceViews, type PriceViews } from './price-views.service.ts';
import { type ProductSearch, searchProducts } from './search.service.ts';
import { createVocabularySource, type VocabularySource } from './vocabulary.ts';

/**
 * The catalogue's read side of one instance: where its reads go, its in-memory copy (or the change
 * counters alone with CATALOGUE_COPIES=off), its search vocabulary and the search bound to them. Made
 * once where the modules are registered (modules/index.ts) and handed to the catalogue's routes and to
 * the modules that find products by name (reorder's quick order), as their plugins' options: one copy
 * per instance whichever plugin asks.
 */
export interface CatalogueReadSide {
  /** The read replica's database when there is one, else the primary (docs/decisions/018-read-replica.md). */
  db: Db;
  index: CatalogueIndex | undefined;
  /** The copy, or the counters alone: what the answer cache keys on. */
  changes: { generation(): number };
  vocabulary: VocabularySource;
  search: ProductSearch;
  /** Whose prices each request is shown (issue 36). */
  priceViews: PriceViews;
}

export function createCatalogueReadSide(app: FastifyInstance, deps: ModuleDeps): CatalogueReadSide {
  const reads = deps.catalogueReads;
  // Every read here may come from the read replica: none must see the caller's own write. The counters
  // the copy and the answer cache follow are read from the same database as what they load, so neither
  // records a change it has not read.
  const db = deps.readReplica?.db ?? deps.db;
  const vocabulary = createVocabularySource(db);
  // Listings and searches from memory (catalogue-index.ts), following the database's change counters;
  // with CATALOGUE_COPIES=off from SQL only, the counters followed for the answer cache alone.
  const copy = serverMirror(app, reads, 'catalogue index');
  const index = reads.copies ? createCatalogueIndex(db, { ...copy, fullReloadMs: 10 * 60_000 }) : undefined;
  const changes = index ?? createChangeFollower(db, CATALOGUE_TABLES, reads.followMs);
  // The change feed's NOTIFY comes from the primary; it only wakes the copy, which then reads the
  // counters where it reads (the replica, when there is one), so it never patches what it cannot see.
  copy.start(changes, deps.listen);
  // Issue 36: the buyers' views follow their own counters (tests: read before every use).
  const priceViews = createPriceViews(db, { maxStaleMs: reads.followMs });
  if (reads.warmAtStart) {
    const stop = priceViews.follow();
    app.addHook('onClose', async () => stop());
  }
  return {
    db,
    index,
    changes,
    vocabulary,
    search: (view, text, limit) => searchProducts(db, view, text, limit, vocabulary, index),
    priceViews,
  };
}
