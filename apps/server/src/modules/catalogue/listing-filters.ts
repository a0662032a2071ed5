import type { ListingQuery } from '@shop/domain/catalogue';
import { type ListingFilter, parseBrandFilter, parsePriceRange } from '@shop/domain/listing';
import { badRequest } from '../../lib/http-error.ts';

const MAX_IDS = 500;

function idList(name: string, value: string): number[] {
  const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0 || parts.length > MAX_IDS || !parts.every((p) => /^\d{1,9}$/.test(p))) {
    throw badRequest(`${name} must be a list of up to ${MAX_IDS} ids separated by commas`);
  }
  return parts.map(Number);
}

export type IdColumn = 'tier1Id' | 'tier2Id' | 'tier3Id' | 'tier4Id' | 'brand_id' | 'id';
/**
 * One listing condition as parsed from the request: what the SQL builder below and the in-memory
 * index (catalogue-index.ts) both read, so both refuse the same input with the same errors.
 */
export type FilterSpec =
  | { kind: 'ids'; column: IdColumn; ids: number[] }
  | { kind: 'brandNames'; names: string[] }
  | { kind: 'price'; min: number; max: number }
  | { kind: 'sale'; value: boolean };

function priceSpec(value: string): FilterSpec {
  const range = parsePriceRange(value);
  if (!range) throw badRequest("The price range must be written '@min-max' with min not above max, e.g. '@100-5000'");
  return { kind: 'price', ...range };
}

function brandSpec(value: string): FilterSpec {
  const names = parseBrandFilter(value);
  if (names.length === 0 || names.length > MAX_IDS) throw badRequest("The brand filter must be written '*brand_name', several as '*A*B'");
  return { kind: 'brandNames', names };
}

/** The allowlist: each filter name maps to one column rule; nothing from the request becomes SQL text. */
function filterSpec(filter: ListingFilter, value: string | undefined): FilterSpec {
  if (value === undefined || value.trim() === '') throw badRequest(`${filter} needs a filter value`);
  switch (filter) {
    case 'tier1Id':
    case 'tier2Id':
    case 'tier3Id':
    case 'tier4Id':
    case 'brand_id':
    case 'id':
      return { kind: 'ids', column: filter, ids: idList(filter, value) };
    case 'brand_name':
      return value.includes('*') ? brandSpec(value) : { kind: 'brandNames', names: [value.trim()] };
    case 'price':
      return priceSpec(value);
    case 'sale':
      if (value !== 'true' && value !== 'false') throw badRequest('sale must be true or false');
      return { kind: 'sale', value: value === 'true' };
  }
}

/**
 * The conditions of a listing query except search, in the order they are checked (the first bad
 * one names the error): filter (or tierId with filterValue), includeFilter, price, brand.
 */
export function listingFilters(query: ListingQuery, { withPrice = true, withBrand = true } = {}): FilterSpec[] {
  const specs: FilterSpec[] = [];
  if (query.filter) specs.push(filterSpec(query.filter, query.filterValue));
  else if (query.tierId !== undefined && query.tierId > 0) {
    if (!query.filterValue) throw badRequest('tierId needs a category id in filterValue');
    specs.push({ kind: 'ids', column: `tier${query.tierId as 1 | 2 | 3 | 4}Id`, ids: idList('filterValue', query.filterValue) });
  }
  if (query.includeFilter) specs.push(filterSpec(query.includeFilter, query.includeFilterValue));
  else if (query.includeFilterValue) throw badRequest('includeFilterValue needs includeFilter');
  if (withPrice && query.price) specs.push(priceSpec(query.price));
  if (withBrand && query.brand) specs.push(brandSpec(query.brand));
  return specs;
}

