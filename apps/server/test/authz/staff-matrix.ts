import type { Row } from './row.ts';
import { STAFF_CATALOGUE_ROWS } from './staff-matrix-catalogue.ts';
import { STAFF_FINANCE_ROWS } from './staff-matrix-finance.ts';
import { STAFF_ORDER_ROWS } from './staff-matrix-orders.ts';
import { STAFF_PEOPLE_ROWS } from './staff-matrix-people.ts';
import { STAFF_PLACES_ROWS } from './staff-matrix-places.ts';

/**
 * Staff routes (issue 16) by every caller: buyers' tokens are refused on all of them (401), whatever
 * the token's type; staff people get what their roles allow.
 * Each back-office area's rows live in its own file; a new /api/staff/ route goes in its area's file.
 */
export const STAFF_ROWS: Row[] = [...STAFF_PEOPLE_ROWS, ...STAFF_ORDER_ROWS, ...STAFF_FINANCE_ROWS, ...STAFF_CATALOGUE_ROWS, ...STAFF_PLACES_ROWS];
