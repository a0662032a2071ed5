import type { Product } from '@shop/domain/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/catalogue.ts';
import { type PriceView, productJsonColumns, productsAsJson } from './pricing.service.ts';
import { fallbackGroups, RANK_CANDIDATES, SEARCH_CANDIDATE_ORDER, SEARCH_RESULT_ORDER, type SearchOrderField, type SearchOrderKey } from '@shop/domain/search-plan';
import { searchPlan } from './search-plan.ts';
import type { VocabularySource } from './vocabulary.ts';

/** The in-memory copy's search (catalogue-index.ts): null when it cannot answer, and SQL does. */
export interface SearchCopy {
  search(text: string, limit: number, view: PriceView, vocabulary?: VocabularySource): Promise<Product[] | null>;
}

// The stored to_tsvector('simple', name) of migration 0005, with its GIN index: matching reads the
// stored words instead of parsing every candidate's name again (the index's recheck did, 15 µs a row).
const document = sql`name_tsv`;

export interface SearchSql {
  where: SQL;
  /** Higher is better. */
  rank: SQL;
  /** All words but the last (which may be half typed), for a second try when no name has them all. */
  loose: SQL;
}

/**
 * searchPlan as SQL. Ranking is pg_trgm similarity of the corrected text to the name, so the closest
 * names come first (ts_rank would rebuild every candidate's tsvector, several times slower). Text
 * reaches SQL only as bound parameters of letters and digits.
 */
export async function searchSql(text: string, vocabulary?: VocabularySource): Promise<SearchSql | null> {
  const plan = await searchPlan(text, vocabulary);
  if (!plan) return null;
  const tsquery = (groups: readonly string[][]) => groups.map((terms) => `(${terms.join(' | ')})`).join(' & ');
  // Nothing typed resembles any name: match nothing rather than everything.
  // (A bare 0 in ORDER BY would mean 'column 0', hence the cast.)
  if (plan.groups.length === 0) return { where: sql`false`, rank: sql`cast(0 as real)`, loose: sql`false` };
  const strict = sql`to_tsquery('simple', ${tsquery(plan.groups)})`;
  const fallback = fallbackGroups(plan);
  const loose = fallback ? sql`to_tsquery('simple', ${tsquery(fallback)})` : null;
  return {
    where: sql`${document} @@ ${strict}`,
    rank: sql`similarity(${plan.phrase}, ${products.name})`,
    loose: loose ? sql`${document} @@ ${loose}` : sql`false`,
  };
}

/** A search order (search-plan.ts) as SQL, each field by its column. */
function orderSql(keys: readonly SearchOrderKey[], columns: Partial<Record<SearchOrderField, SQL>>): SQL {
  return sql.join(
    keys.map((k) => {
      const column = columns[k.field];
      if (!column) throw new Error(`search order: no column for ${k.field}`);
      return k.direction === 'desc' ? sql`${column} desc` : column;
    }),
    sql`, `,
  );
}

/**
 * The ordering bar's search bound to the running catalogue's vocabulary and in-memory copy
 * (catalogue-reads.ts makes it, once per instance), for other modules that find products by name (issue 21: quick order).
 */
export type ProductSearch = (view: PriceView, text: string, limit: number) => Promise<Product[]>;

/** SPEC 2: the ordering-bar dropdown, at most `limit` (30) products ranked by relevance. */
export async function searchProducts(
  db: Db,
  view: PriceView,
  text: string,
  limit: number,
  vocabulary?: VocabularySource,
  index?: SearchCopy,
): Promise<Product[]> {
  if (index) {
    const found = await index.search(text, limit, view, vocabulary);
    if (found) return found;
  }
  const s = await searchSql(text, vocabulary);
  if (!s) return [];
  // The orders of search-plan.ts: the candidates (of the active products) and the order shown.
  const candidateOrder = orderSql(SEARCH_CANDIDATE_ORDER, { name_length: sql`length(c.name)`, id: sql`c.id` });
  const resultOrder = orderSql(SEARCH_RESULT_ORDER, { similarity: s.rank, out_of_stock: sql`${products.stock} = 0`, id: sql`${products.id}` });
  const run = (where: SQL) =>
    productsAsJson(
      db,
      db
        .select(productJsonColumns(view.businessId, view.cityId))
        .from(products)
        .where(sql`${products.id} in (select c.id from ${products} c where ${where} and c.active order by ${candidateOrder} limit ${RANK_CANDIDATES})`)
        .orderBy(resultOrder)
        .limit(limit),
    );
  let rows = await run(s.where);
  if (rows.length === 0) rows = await run(s.loose);
  return rows;
}
