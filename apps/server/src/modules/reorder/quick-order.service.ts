import type { QuickOrderInput, QuickOrderResult, QuickOrderResultRow } from '@shop/domain/reorder';
import { looksLikeSku, noMatchText, normaliseSku, QUICK_ORDER_ALTERNATIVES } from '@shop/domain/reorder-rules';
import { normaliseSearch } from '@shop/domain/listing';
import type { Db } from '../../db/client.ts';
import { priceProducts } from '../catalogue/pricing.service.ts';
import { productsBySku } from '../catalogue/product-lookup.service.ts';
import type { ProductSearch } from '../catalogue/search.service.ts';
import { type Buyer, proposedLine, withTotals } from './proposal.service.ts';

/**
 * Issue 21 quick order: each row's SKU (exactly, any case) or else its words through the catalogue's
 * own typo-tolerant search (the ordering bar's, with its in-memory copy), then every product found
 * priced for the business in one statement (priceProducts, as the cart and Place order price) and
 * SPEC 4's stock rule applied. Nothing goes into the cart here: the page shows every row first.
 * Statements: one for the SKUs, one for the prices, whatever the number of rows; name searches are
 * answered from memory (docs/performance.md, "Quick order").
 */
export async function quickOrder(db: Db, buyer: Buyer, input: QuickOrderInput, search: ProductSearch): Promise<QuickOrderResult> {
  const rows = input.rows.map((r) => ({ text: r.text.trim(), quantity: r.quantity }));
  const skus = [...new Set(rows.flatMap((r) => [r.text, normaliseSku(r.text)]))];
  const skuRows = await productsBySku(db, skus);
  const bySku = new Map(skuRows.map((r) => [r.sku, r.id]));
  const skuOf = (text: string) => bySku.get(text) ?? bySku.get(normaliseSku(text));

  // Rows without a known SKU are searched by name once per distinct text; a text shaped like a SKU is an unknown SKU.
  const searchKey = (text: string) => normaliseSearch(text).toLowerCase();
  const texts = [...new Set(rows.filter((r) => skuOf(r.text) === undefined && !looksLikeSku(r.text)).map((r) => searchKey(r.text)))];
  const found = new Map<string, number[]>();
  await Promise.all(
    texts.map(async (text) => {
      // Only the ids found are used: every price shown comes from priceProducts below (the cart's own).
      const hits = await search({ businessId: buyer.businessId, cityId: null }, text, 1 + QUICK_ORDER_ALTERNATIVES);
      found.set(text, hits.map((p) => p.id));
    }),
  );

  const ids = [...new Set([...bySku.values(), ...[...found.values()].flat()])];
  const priced = await priceProducts(db, buyer.businessId, ids);

  const lines = rows.map((row, i): QuickOrderResultRow => {
    const skuId = skuOf(row.text);
    const hits = skuId === undefined ? (found.get(searchKey(row.text)) ?? []).filter((id) => priced.has(id)) : [skuId];
    const id = hits[0];
    const product = id === undefined ? undefined : priced.get(id);
    if (!product) {
      return {
        row: i,
        text: row.text,
        matched_by: null,
        alternatives: [],
        product_id: null,
        product_name: row.text,
        sku: '',
        wanted: row.quantity,
        quantity: 0,
        unit_price: null,
        line_total: '0.00',
        stock: 0,
        problem: { code: 'no_match', text: noMatchText(row.text) },
        cart_line: null,
      };
    }
    const alternatives = hits.slice(1).flatMap((altId) => {
      const p = priced.get(altId);
      return p ? [{ id: p.id, name: p.name, sku: p.sku, unit_price: p.unit_price, stock: p.stock }] : [];
    });
    return {
      row: i,
      text: row.text,
      matched_by: skuId === undefined ? 'name' : 'sku',
      alternatives,
      ...proposedLine({ productId: product.id, quantity: row.quantity, name: product.name, sku: product.sku }, product),
    };
  });
  return withTotals(db, buyer, lines);
}
