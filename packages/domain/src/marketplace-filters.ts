// The marketplace's list filters and search matching (SPEC 2, 4), declared once for the SQL
// (marketplace-lists.service.ts) and the in-memory copy (marketplace-index.ts). No zod: the web bundles it.
import { toPaisa } from './money.ts';

/**
 * A marketplace list's filter on a city record (SPEC 2 category pages and search, SPEC 4 facets),
 * declared once: marketplace-lists.service.ts writes each as SQL on bmpl_product_cities and
 * marketplace-index.ts as a test on the in-memory copy's columns; meetsMarketplaceCondition is the
 * rule itself (the tests' reference). A record matches a list when it meets every condition.
 */
export type MarketplaceCondition =
  /** The record's level-2 or level-3 category, or its brand, is one of these ids. */
  | { field: 'tier2' | 'tier3' | 'brand'; op: 'in'; values: readonly number[] }
  /** The city's list price within the bounds, in paisa, both included (null: open). */
  | { field: 'price'; op: 'between'; min: number | null; max: number | null }
  /** A search word: a literal substring of the name, letter case aside (as ILIKE '%word%'). */
  | { field: 'name'; op: 'contains'; word: string };

/** Most words of a marketplace search that must each be found in the name. */
export const MARKETPLACE_SEARCH_MAX_WORDS = 8;

/** SPEC 2 search: the words of a search text (hyphens as spaces, lower case), each to be found in the name. */
export const marketplaceSearchWords = (text: string): string[] =>
  text.replace(/-/g, ' ').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, MARKETPLACE_SEARCH_MAX_WORDS);

export interface MarketplaceFilterQuery {
  tier2?: number | null;
  tier3?: number | null;
  brandIds?: readonly number[];
  /** Rupee bounds as typed (two decimals at most). */
  min?: string;
  max?: string;
  /** Search words (marketplaceSearchWords). */
  words?: readonly string[];
}

/** The conditions of a list: category, subcategory, brands, price range and search words, in that order. */
export function marketplaceConditions(q: MarketplaceFilterQuery): MarketplaceCondition[] {
  const conditions: MarketplaceCondition[] = [];
  if (q.tier2 != null) conditions.push({ field: 'tier2', op: 'in', values: [q.tier2] });
  if (q.tier3 != null) conditions.push({ field: 'tier3', op: 'in', values: [q.tier3] });
  if (q.brandIds?.length) conditions.push({ field: 'brand', op: 'in', values: [...q.brandIds] });
  if (q.min !== undefined || q.max !== undefined) {
    conditions.push({ field: 'price', op: 'between', min: q.min === undefined ? null : toPaisa(q.min), max: q.max === undefined ? null : toPaisa(q.max) });
  }
  for (const word of q.words ?? []) conditions.push({ field: 'name', op: 'contains', word });
  return conditions;
}

/** What the conditions read of a city record (ids as numbers, null when none; the price in paisa). */
export interface MarketplaceFilterable {
  tier2: number | null;
  tier3: number | null;
  brand: number | null;
  price: number;
  name: string;
}

/**
 * Whether a city record meets a condition. The name's letter case is folded as JavaScript folds it,
 * which is the database's lower() for ASCII; the server leaves other words to the database.
 */
export function meetsMarketplaceCondition(r: MarketplaceFilterable, c: MarketplaceCondition): boolean {
  switch (c.op) {
    case 'in': {
      const value = r[c.field];
      return value !== null && c.values.includes(value);
    }
    case 'between':
      return (c.min === null || r.price >= c.min) && (c.max === null || r.price <= c.max);
    default:
      return r.name.toLowerCase().includes(c.word);
  }
}
