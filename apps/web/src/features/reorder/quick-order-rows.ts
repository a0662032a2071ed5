import type { QuickOrderResult, QuickOrderResultRow } from '@shop/domain/reorder';
import { draftError, parseRowQuantity, type QuickOrderDraft, QUICK_ORDER_MAX_ROWS } from '@shop/domain/reorder-rules';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/** A row of the quick order pad as typed (ids keep React's rows and the focus in place). */
export interface Row extends QuickOrderDraft {
  id: number;
}

let lastId = 0;
export const newRow = (draft: QuickOrderDraft = { text: '', quantity: '1' }): Row => ({ id: ++lastId, ...draft });
export const isBlank = (r: QuickOrderDraft) => r.text.trim() === '';

/** Always one empty row at the end to type into (within QUICK_ORDER_MAX_ROWS). */
export function withTrailingRow(rows: readonly Row[]): Row[] {
  const kept = [...rows];
  while (kept.length > 1 && isBlank(kept[kept.length - 1] as Row) && isBlank(kept[kept.length - 2] as Row)) kept.pop();
  if ((kept.length === 0 || !isBlank(kept[kept.length - 1] as Row)) && kept.length < QUICK_ORDER_MAX_ROWS) kept.push(newRow());
  return kept;
}

/**
 * Pasted or uploaded rows put in at row `at`: the rows before it stay, an empty row there is
 * replaced, the rows after it that have text follow the new ones.
 */
export function insertRows(rows: readonly Row[], at: number, drafts: readonly QuickOrderDraft[]): { rows: Row[]; dropped: number } {
  const before = rows.slice(0, at);
  const rest = rows.slice(at).filter((r, i) => !(i === 0 && isBlank(r))).filter((r) => !isBlank(r));
  const room = QUICK_ORDER_MAX_ROWS - before.filter((r) => !isBlank(r)).length - rest.length;
  const added = drafts.slice(0, Math.max(0, room)).map((d) => newRow(d));
  return { rows: withTrailingRow([...before.filter((r) => !isBlank(r)), ...added, ...rest]), dropped: drafts.length - added.length };
}

const keyOf = (text: string, quantity: number) => `${text.trim()}\u0000${quantity}`;

export interface Pricing {
  /** The server's answer for a row as it reads now; undefined while it is being checked. */
  resultOf(row: Row): QuickOrderResultRow | undefined;
  /** Every row with text has its answer. */
  isCurrent: boolean;
  answer: QuickOrderResult | null;
  error: string | null;
}

/**
 * Rows that read as rows (text and a valid quantity) are matched and priced by the server
 * (POST /api/quick-order) a moment after the typing stops; nothing goes into the cart here.
 */
export function useQuickOrderPricing(rows: readonly Row[]): Pricing {
  const valid = rows.filter((r) => !isBlank(r) && draftError(r) === null);
  const payload = valid.map((r) => ({ text: r.text.trim(), quantity: parseRowQuantity(r.quantity) as number }));
  const signature = JSON.stringify(payload);
  const [answer, setAnswer] = useState<{ signature: string; result: QuickOrderResult; byKey: Map<string, QuickOrderResultRow> } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const rowsToPrice = JSON.parse(signature) as { text: string; quantity: number }[];
    if (rowsToPrice.length === 0) {
      setError(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<QuickOrderResult>('/api/quick-order', { body: { rows: rowsToPrice }, signal: controller.signal })
        .then((result) => {
          const byKey = new Map(result.lines.map((l) => [keyOf(l.text, l.wanted), l]));
          setAnswer({ signature, result, byKey });
          setError(null);
        })
        .catch((err: Error) => err.name !== 'AbortError' && setError(err.message));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [signature]);

  const resultOf = (row: Row) => {
    const q = parseRowQuantity(row.quantity);
    return q === null || !answer ? undefined : answer.byKey.get(keyOf(row.text, q));
  };
  return { resultOf, isCurrent: payload.length === 0 || answer?.signature === signature, answer: answer?.signature === signature ? answer.result : null, error };
}
