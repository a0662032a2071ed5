// Issue 21: buying the same things again (reorder, quick order, order lists), rules shared by the
// server and the web. No zod here: the web bundles this file.
import { formatRupees } from './money.ts';
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY } from './order-rules.ts';
import { countOf, pluralWord } from './plural.ts';

/** Most rows one quick order takes (a pasted sheet or a CSV file). */
export const QUICK_ORDER_MAX_ROWS = 500;
/** Longest SKU or name text of one row. */
export const QUICK_ORDER_TEXT_MAX = 100;
/** Other products offered beside a row matched by its name. */
export const QUICK_ORDER_ALTERNATIVES = 4;
/** A list holds at most what one order may (MAX_ORDER_LINES). */
export const ORDER_LIST_MAX_ITEMS = MAX_ORDER_LINES;
export const ORDER_LISTS_PER_BUSINESS = 100;
export const ORDER_LIST_NAME_MAX = 60;
/** Products shown under "Buy again" on the signed-in home page. */
export const BUY_AGAIN_COUNT = 8;

export const QUANTITY_RULE = `Quantity must be a whole number from 1 to ${MAX_ORDER_QUANTITY}`;

/** Why a line cannot go into the cart as it was asked for: named to the buyer, never dropped silently. */
export type LineProblemCode = 'not_sold' | 'out_of_stock' | 'quantity_capped' | 'no_match';
export const LINE_PROBLEM_CODES = ['not_sold', 'out_of_stock', 'quantity_capped', 'no_match'] as const satisfies readonly LineProblemCode[];

export interface LineProblem {
  code: LineProblemCode;
  text: string;
}

export const notSoldText = (name: string) => `${name} is no longer sold.`;
export const outOfStockText = (name: string) => `${name} is out of stock.`;
export const cappedText = (name: string, stock: number, wanted: number) =>
  `Only ${countOf(stock, 'piece', 'pieces')} of ${name} ${pluralWord(stock, 'is', 'are')} in stock: ${stock} put in the cart instead of ${wanted}.`;
export const noMatchText = (text: string) => `No product matches "${text}".`;

/**
 * SPEC 4's stock rule for a line asked for again (decision 005: stock 0 is refused, and so is a
 * quantity above the stock shown): what goes into the cart, and the problem to name. `product` is
 * null when the shop no longer sells it; `name` is what the buyer knew it as then.
 */
export function proposeQuantity(
  wanted: number,
  product: { name: string; stock: number } | null,
  name: string,
): { quantity: number; problem: LineProblem | null } {
  if (!product) return { quantity: 0, problem: { code: 'not_sold', text: notSoldText(name) } };
  if (product.stock <= 0) return { quantity: 0, problem: { code: 'out_of_stock', text: outOfStockText(product.name) } };
  const capped = Math.min(wanted, MAX_ORDER_QUANTITY);
  if (capped > product.stock) {
    return { quantity: product.stock, problem: { code: 'quantity_capped', text: cappedText(product.name, product.stock, wanted) } };
  }
  return { quantity: capped, problem: null };
}

/** SPEC 6 for lists (issue 21): every user of the business reads its lists and orders from them; an Owner or Approver keeps them. */
export function orderListRights(type: string | null | undefined): { canRead: boolean; canEdit: boolean } {
  const registered = type != null && type !== 'Guest';
  return { canRead: registered, canEdit: type === 'Owner' || type === 'Approver' };
}
export const CANNOT_EDIT_LIST = 'Only an Owner or an Approver can change order lists.';

// ---- Quick order rows: typed, pasted from a spreadsheet or read from a CSV file ----

/** A row as the buyer typed it (both texts kept as typed, so the page can show and edit them). */
export interface QuickOrderDraft {
  text: string;
  quantity: string;
}

/** A quantity typed or pasted: a whole number 1..9999 ("1,200" and "12.0" read as numbers), else null. */
export function parseRowQuantity(text: string): number | null {
  const t = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^\d+(?:\.0+)?$/.test(t)) return null;
  const n = Number.parseInt(t, 10);
  return n >= 1 && n <= MAX_ORDER_QUANTITY ? n : null;
}

/** The row's problem before it is looked up (a row without text is an empty row, not sent). */
export function draftError(row: QuickOrderDraft): string | null {
  if (row.text.trim() === '') return null;
  if (row.text.trim().length > QUICK_ORDER_TEXT_MAX) return `At most ${QUICK_ORDER_TEXT_MAX} characters`;
  return parseRowQuantity(row.quantity) === null ? QUANTITY_RULE : null;
}

/** Splits one line of CSV or tab-separated text; double quotes may wrap a cell ("a, b") and "" is a quote. */
function splitCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((x) => x.trim());
}

const HEADER = /^(sku|item|items|product|products|code|name|article|qty|quantity|description)\b/i;

/**
 * Rows of a spreadsheet copy (tab separated) or a CSV file (comma or semicolon separated): one row
 * per line, blank lines skipped, a header line skipped. The quantity is the last cell that reads as
 * one (so "SKU, name, qty" and "qty, SKU" both work); the text the first other non-empty cell. A row
 * with a SKU and no quantity asks for 1. At most QUICK_ORDER_MAX_ROWS rows; `dropped` counts the rest.
 */
export function parseQuickOrderText(text: string): { rows: QuickOrderDraft[]; dropped: number; header: boolean } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const delimiter = lines.some((l) => l.includes('\t')) ? '\t' : lines.some((l) => l.includes(',')) ? ',' : lines.some((l) => l.includes(';')) ? ';' : '\t';
  const rows: QuickOrderDraft[] = [];
  let header = false;
  let dropped = 0;
  for (const line of lines) {
    const cells = splitCells(line, delimiter).filter((c) => c !== '');
    if (cells.length === 0) continue;
    let q = -1;
    for (let i = cells.length - 1; i >= 0 && cells.length > 1; i--) {
      if (parseRowQuantity(cells[i] as string) !== null) {
        q = i;
        break;
      }
    }
    if (rows.length === 0 && !header && q === -1 && HEADER.test(cells[0] as string)) {
      header = true;
      continue;
    }
    if (rows.length >= QUICK_ORDER_MAX_ROWS) {
      dropped++;
      continue;
    }
    if (cells.length === 1) {
      rows.push({ text: cells[0] as string, quantity: '1' });
      continue;
    }
    // No cell reads as a quantity: the second is shown as the (wrong) quantity, to be fixed.
    const qi = q === -1 ? 1 : q;
    const ti = cells.findIndex((_, i) => i !== qi);
    rows.push({ text: cells[ti] as string, quantity: cells[qi] as string });
  }
  return { rows, dropped, header };
}

/** A SKU's shape (letters, a hyphen, digits: SKU-000123). Such a text not found is unknown, not searched by name. */
export const looksLikeSku = (text: string) => /^[a-z]{1,8}-\d{2,}$/i.test(text.trim());

/** SKUs are stored upper-case: a typed sku-000123 finds SKU-000123. */
export const normaliseSku = (text: string) => text.trim().toUpperCase();

/** SPEC 4 told ahead: the order an Orderer would place from these lines waits for an Approver. */
export const overLimitText = (limit: string) =>
  `Paying Cash, this comes to more than your limit of ${formatRupees(limit)}: the order will wait for an Approver.`;
