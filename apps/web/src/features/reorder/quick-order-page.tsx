import { formatRupees, fromPaisa, toPaisa } from '@shop/domain/money';
import type { OrderList, QuickOrderResultRow } from '@shop/domain/reorder';
import { draftError, orderListRights, parseQuickOrderText, QUICK_ORDER_MAX_ROWS, QUICK_ORDER_TEXT_MAX } from '@shop/domain/reorder-rules';
import { countOf, pluralWord } from '@shop/domain/plural';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LineProblem, ProposalTotal, quantityText } from '../../components/ui/proposed-lines.tsx';
import { api } from '../../lib/api.ts';
import { addCartLines } from '../../lib/cart-store.ts';
import { useSession } from '../../lib/session.tsx';
import { notify } from '../../lib/toast.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { SignInFirst } from './sign-in-first.tsx';
import { insertRows, isBlank, newRow, type Row, useQuickOrderPricing, withTrailingRow } from './quick-order-rows.ts';

const START_ROWS = 5;
type Column = 'text' | 'quantity';

/**
 * Issue 21 quick order: a SKU or a few words of a name and a quantity per row; rows pasted from a
 * spreadsheet (tab separated) or a CSV file. Every row shows the product found, its price and any
 * problem before anything goes into the cart. Enter moves to the next row.
 */
export function QuickOrderPage() {
  usePageMeta('Quick order', 'Order by SKU: type or paste your usual products and quantities.');
  const { user, isGuest } = useSession();
  if (!user || isGuest) return <SignInFirst title="Quick order" />;
  return <QuickOrderPad canKeepLists={orderListRights(user.type).canEdit} />;
}

function QuickOrderPad({ canKeepLists }: { canKeepLists: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => Array.from({ length: START_ROWS }, () => newRow()));
  const [pasted, setPasted] = useState('');
  const [listName, setListName] = useState('');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const pricing = useQuickOrderPricing(rows);
  const pasteId = useId();
  const fileId = useId();
  const listId = useId();

  const filled = rows.filter((r) => !isBlank(r));
  const results = filled.map((r) => ({ row: r, result: pricing.resultOf(r), error: draftError(r) }));
  const addable = results.filter((x) => x.result?.cart_line);
  const problems = results.filter((x) => x.error || x.result?.problem);
  const total = addable.reduce((sum, x) => sum + toPaisa(x.result?.line_total ?? '0'), 0);

  const update = (id: number, change: Partial<Row>) => setRows((rs) => withTrailingRow(rs.map((r) => (r.id === id ? { ...r, ...change } : r))));
  const remove = (id: number) => setRows((rs) => withTrailingRow(rs.filter((r) => r.id !== id)));
  const focus = (rowId: number | undefined, column: Column) => {
    if (rowId === undefined) return;
    requestAnimationFrame(() => inputs.current.get(`${rowId}:${column}`)?.focus());
  };

  function take(text: string, at: number) {
    const parsed = parseQuickOrderText(text);
    if (parsed.rows.length === 0) return;
    const next = insertRows(rows, at, parsed.rows);
    setRows(next.rows);
    const dropped = parsed.dropped + next.dropped;
    notify.success(`${countOf(parsed.rows.length - next.dropped, 'row', 'rows')} added`);
    if (dropped > 0) notify.error(`A quick order has at most ${QUICK_ORDER_MAX_ROWS} rows: ${dropped} more ${pluralWord(dropped, 'was', 'were')} left out.`);
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>, index: number) {
    const text = e.clipboardData.getData('text');
    // One cell pastes as usual; rows (lines or tab-separated cells) from a spreadsheet fill rows.
    if (!/[\n\t]/.test(text.trim())) return;
    e.preventDefault();
    take(text, index);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>, index: number) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // Enter, from the SKU or the quantity, moves to the next row's SKU (a new row after the last one):
    // type a SKU and Enter (quantity 1), or a SKU, Tab, a quantity and Enter.
    const next = rows[index + 1];
    if (next) return focus(next.id, 'text');
    const row = newRow();
    setRows((rs) => [...rs, row]);
    focus(row.id, 'text');
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    take(await file.text(), rows.findIndex(isBlank) === -1 ? rows.length : rows.findIndex(isBlank));
  }

  function addToCart() {
    const lines = addable.flatMap((x) => (x.result?.cart_line ? [x.result.cart_line] : []));
    const added = addCartLines(lines);
    const addedIds = new Set(addable.map((x) => x.row.id));
    const left = filled.filter((r) => !addedIds.has(r.id));
    notify.success(`${added} ${added === 1 ? 'product' : 'products'} added to your cart`);
    if (left.length === 0) {
      navigate('/cart');
      return;
    }
    // The rows with a problem stay, to be fixed or removed.
    setRows(withTrailingRow(left));
  }

  async function saveAsList() {
    const items = addable.flatMap((x) => (x.result?.product_id != null ? [{ product_id: x.result.product_id, quantity: x.result.wanted }] : []));
    try {
      const list = await api<OrderList>('/api/order-lists', { body: { name: listName.trim(), items } });
      void queryClient.invalidateQueries({ queryKey: ['order-lists'] });
      notify.success(`List "${list.name}" saved`);
      navigate(`/order-lists/${list.id}`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'Something went wrong.');
    }
  }

  const foundCount = results.filter((x) => x.result && x.result.product_id != null).length;
  return (
    <main className="mx-auto max-w-6xl px-3 py-6 md:px-4">
      <h1 className="text-2xl font-bold">Quick order</h1>
      <p className="mt-1 text-sm text-slate-700">
        Type a SKU or a few letters of a product's name and a quantity; Enter moves to the next row. Paste rows copied from a spreadsheet (SKU and
        quantity) into any row, or upload a CSV file.
      </p>

      <details className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
        <summary className="cursor-pointer font-semibold">Paste or upload rows</summary>
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          <div>
            <label htmlFor={pasteId} className="block text-sm font-semibold">
              Rows from a spreadsheet (SKU and quantity, tab or comma separated)
            </label>
            <textarea
              id={pasteId}
              rows={4}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              placeholder={'SKU-000123\t12\nSKU-000456\t3'}
              className="mt-1 w-full rounded-md border border-slate-300 p-2 font-mono text-sm"
            />
            <button
              type="button"
              className="mt-1 rounded-md border border-brand px-3 py-1.5 text-sm font-semibold text-brand"
              onClick={() => {
                take(pasted, rows.findIndex(isBlank) === -1 ? rows.length : rows.findIndex(isBlank));
                setPasted('');
              }}
            >
              Add these rows
            </button>
          </div>
          <div>
            <label htmlFor={fileId} className="flex cursor-pointer items-center gap-2 text-sm font-semibold">
              <Upload aria-hidden="true" className="h-4 w-4" />
              Upload a CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/plain"
              className="mt-1 block w-full text-sm"
              onChange={(e) => {
                void upload(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <p className="mt-1 text-xs text-slate-600">One row per line: SKU (or name) and quantity. A header line is skipped.</p>
          </div>
        </div>
      </details>

      <p role="status" className="mt-3 text-sm text-slate-700">
        {filled.length === 0
          ? 'No rows yet.'
          : `${filled.length} ${filled.length === 1 ? 'row' : 'rows'}: ${foundCount} found${problems.length ? `, ${problems.length} with a problem` : ''}${pricing.isCurrent ? '' : ' (checking…)'}`}
      </p>
      {pricing.error && (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {pricing.error}
        </p>
      )}

      <div className="mt-2 hidden grid-cols-[2rem_minmax(0,1.3fr)_5.5rem_minmax(0,2fr)_7rem_2.5rem] gap-2 px-2 text-xs font-semibold text-slate-600 uppercase md:grid" aria-hidden="true">
        <span>#</span>
        <span>SKU or product name</span>
        <span>Qty</span>
        <span>Product found</span>
        <span className="text-right">Total</span>
        <span />
      </div>
      <ol aria-label="Quick order rows" className="mt-1 space-y-2">
        {rows.map((row, index) => {
          const n = index + 1;
          const result = pricing.resultOf(row);
          const error = draftError(row);
          const blank = isBlank(row);
          return (
            <li
              key={row.id}
              aria-label={`Row ${n}`}
              className="grid grid-cols-[1.5rem_minmax(0,1fr)_4.5rem_2.5rem] items-start gap-2 rounded-lg border border-slate-200 bg-white p-2 md:grid-cols-[2rem_minmax(0,1.3fr)_5.5rem_minmax(0,2fr)_7rem_2.5rem]"
            >
              <span className="pt-2 text-sm text-slate-500">{n}</span>
              <input
                ref={(el) => {
                  if (el) inputs.current.set(`${row.id}:text`, el);
                  else inputs.current.delete(`${row.id}:text`);
                }}
                aria-label={`SKU or product name, row ${n}`}
                value={row.text}
                maxLength={QUICK_ORDER_TEXT_MAX}
                autoComplete="off"
                enterKeyHint="next"
                onChange={(e) => update(row.id, { text: e.target.value })}
                onPaste={(e) => onPaste(e, index)}
                onKeyDown={(e) => onKeyDown(e, index)}
                className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
              />
              <input
                ref={(el) => {
                  if (el) inputs.current.set(`${row.id}:quantity`, el);
                  else inputs.current.delete(`${row.id}:quantity`);
                }}
                aria-label={`Quantity, row ${n}`}
                aria-invalid={(!blank && error != null) || undefined}
                inputMode="numeric"
                enterKeyHint="next"
                value={row.quantity}
                onChange={(e) => update(row.id, { quantity: e.target.value.slice(0, 7) })}
                onPaste={(e) => onPaste(e, index)}
                onKeyDown={(e) => onKeyDown(e, index)}
                className={`w-full rounded-md border px-2 py-2 text-right text-sm ${!blank && error ? 'border-red-500' : 'border-slate-300'}`}
              />
              <button
                type="button"
                aria-label={`Remove row ${n}`}
                onClick={() => remove(row.id)}
                className="col-start-4 row-start-1 rounded p-2 text-red-700 hover:bg-red-50 md:col-start-6"
              >
                <Trash2 aria-hidden="true" className="h-5 w-5" />
              </button>
              <div className="col-span-3 col-start-2 min-w-0 text-sm md:col-span-1 md:col-start-4 md:row-start-1">
                {blank ? null : error ? (
                  <p className="font-semibold text-red-700">{error}</p>
                ) : !result ? (
                  <p className="text-slate-500">Checking…</p>
                ) : (
                  <RowResult row={row} result={result} onChoose={(sku) => update(row.id, { text: sku })} />
                )}
              </div>
              {result?.cart_line && !error && (
                <p className="col-span-3 col-start-2 text-right text-sm font-semibold whitespace-nowrap md:col-span-1 md:col-start-5 md:row-start-1 md:pt-2">
                  {formatRupees(result.line_total)}
                </p>
              )}
            </li>
          );
        })}
      </ol>

      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
        <ProposalTotal total={fromPaisa(total)} limit={pricing.answer?.limit ?? null} overLimit={pricing.answer?.over_limit ?? false} />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <button type="button" onClick={() => setRows(withTrailingRow([]))} className="rounded-md border border-slate-300 px-4 py-2 font-semibold">
            Clear rows
          </button>
          <Link to="/cart" className="rounded-md border border-slate-300 px-4 py-2 text-center font-semibold">
            Go to cart
          </Link>
          <button
            type="button"
            onClick={addToCart}
            disabled={!pricing.isCurrent || addable.length === 0}
            className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {`Add ${addable.length} ${addable.length === 1 ? 'product' : 'products'} to cart`}
          </button>
        </div>
        {canKeepLists && addable.length > 0 && (
          <form
            className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3 sm:flex-row sm:items-end sm:justify-end"
            onSubmit={(e) => {
              e.preventDefault();
              if (listName.trim()) void saveAsList();
            }}
          >
            <div>
              <label htmlFor={listId} className="block text-sm font-semibold">
                Or keep these rows as an order list
              </label>
              <input id={listId} value={listName} onChange={(e) => setListName(e.target.value)} placeholder="List name" className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 sm:w-64" />
            </div>
            <button type="submit" disabled={!pricing.isCurrent || listName.trim() === ''} className="rounded-md border border-brand px-4 py-2 font-semibold text-brand disabled:opacity-60">
              Save as list
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

function RowResult({ row, result, onChoose }: { row: Row; result: QuickOrderResultRow; onChoose: (sku: string) => void }) {
  const choiceId = useId();
  if (result.product_id == null) return <LineProblem line={result} />;
  return (
    <div>
      <p className="font-semibold">{result.product_name}</p>
      <p className="text-xs text-slate-600">
        {result.sku} · {quantityText(result)}
        {result.matched_by === 'name' && ' · found by name'}
      </p>
      <LineProblem line={result} />
      {result.matched_by === 'name' && result.alternatives.length > 0 && (
        <div className="mt-1">
          <label htmlFor={choiceId} className="sr-only">
            {`Other products for "${row.text}"`}
          </label>
          <select
            id={choiceId}
            value=""
            onChange={(e) => e.target.value && onChoose(e.target.value)}
            className="w-full rounded border border-slate-300 bg-white px-1 py-1 text-xs"
          >
            <option value="">Not this one? Other matches…</option>
            {result.alternatives.map((a) => (
              <option key={a.id} value={a.sku}>
                {a.name} ({formatRupees(a.unit_price)}){a.stock <= 0 ? ' · out of stock' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
