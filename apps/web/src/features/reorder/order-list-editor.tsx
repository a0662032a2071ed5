// The order list kept by an Owner or Approver (issue 21): its editor and the product search that adds to it.

import { formatRupees } from '@shop/domain/money';
import type { OrderList, QuickOrderResult, QuickOrderResultRow } from '@shop/domain/reorder';
import { ORDER_LIST_MAX_ITEMS, ORDER_LIST_NAME_MAX, parseRowQuantity, QUANTITY_RULE } from '@shop/domain/reorder-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { LineProblem } from '../../components/ui/proposed-lines.tsx';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

interface DraftItem {
  product_id: number;
  product_name: string;
  sku: string;
  quantity: string;
}

/** Keeping the list (Owner or Approver): name, usual quantities, products in and out; saved whole with its version. */
export function ListEditor({ list, onDone }: { list: OrderList; onDone: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(list.name);
  const [items, setItems] = useState<DraftItem[]>(() =>
    list.items.flatMap((l) => (l.product_id == null ? [] : [{ product_id: l.product_id, product_name: l.product_name, sku: l.sku, quantity: String(l.wanted) }])),
  );
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const nameId = useId();
  const gone = list.items.filter((l) => l.product_id == null);
  const invalid = items.some((i) => parseRowQuantity(i.quantity) === null);

  async function save() {
    if (!name.trim()) return setError('Give the list a name');
    if (invalid) return setError(QUANTITY_RULE);
    setSaving(true);
    setError(null);
    try {
      const saved = await api<OrderList>(`/api/order-lists/${list.id}`, {
        method: 'PUT',
        body: { name: name.trim(), version: list.version, items: items.map((i) => ({ product_id: i.product_id, quantity: parseRowQuantity(i.quantity) as number })) },
      });
      queryClient.setQueryData(['order-lists', list.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['order-lists'], exact: true });
      notify.success(`List "${saved.name}" saved`);
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    try {
      await api(`/api/order-lists/${list.id}`, { method: 'DELETE' });
      queryClient.removeQueries({ queryKey: ['order-lists', list.id] });
      void queryClient.invalidateQueries({ queryKey: ['order-lists'], exact: true });
      notify.success(`List "${list.name}" deleted`);
      navigate('/order-lists');
    } catch (err) {
      setDeleting(false);
      notify.error(err instanceof Error ? err.message : 'Something went wrong.');
    }
  }

  const addItem = (r: QuickOrderResultRow) => {
    if (r.product_id == null) return;
    const id = r.product_id;
    setItems((is) =>
      is.some((i) => i.product_id === id)
        ? is.map((i) => (i.product_id === id ? { ...i, quantity: String((parseRowQuantity(i.quantity) ?? 0) + r.wanted) } : i))
        : [...is, { product_id: id, product_name: r.product_name, sku: r.sku, quantity: String(r.wanted) }],
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h1 className="mt-1 text-2xl font-bold">Edit list</h1>
      <label htmlFor={nameId} className="mt-3 block text-sm font-semibold">
        List name
      </label>
      <input
        id={nameId}
        value={name}
        maxLength={ORDER_LIST_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
      />
      {gone.length > 0 && (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          No longer sold, and left off when you save: {gone.map((l) => l.product_name).join(', ')}.
        </p>
      )}
      <h2 className="mt-4 text-lg font-bold">Products and usual quantities</h2>
      {items.length === 0 ? (
        <p className="mt-2 rounded-lg border border-slate-200 bg-white p-4 text-center text-sm">No products yet: add them below.</p>
      ) : (
        <ul aria-label="Products on the list" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((i) => {
            const bad = parseRowQuantity(i.quantity) === null;
            return (
              <li key={i.product_id} aria-label={i.product_name} className="flex items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{i.product_name}</p>
                  <p className="text-xs text-slate-600">{i.sku}</p>
                  {bad && <p className="text-sm font-semibold text-red-700">{QUANTITY_RULE}</p>}
                </div>
                <input
                  aria-label={`Usual quantity of ${i.product_name}`}
                  inputMode="numeric"
                  value={i.quantity}
                  onChange={(e) => setItems((is) => is.map((x) => (x.product_id === i.product_id ? { ...x, quantity: e.target.value.slice(0, 5) } : x)))}
                  className={`h-10 w-16 rounded-md border px-2 text-right ${bad ? 'border-red-500' : 'border-slate-300'}`}
                />
                <button
                  type="button"
                  aria-label={`Remove ${i.product_name}`}
                  onClick={() => setItems((is) => is.filter((x) => x.product_id !== i.product_id))}
                  className="rounded p-2 text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden="true" className="h-5 w-5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {items.length < ORDER_LIST_MAX_ITEMS && <AddProduct onAdd={addItem} />}
      {error && (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-between">
        <button type="button" onClick={() => setDeleting(true)} className="rounded-md border border-red-300 bg-white px-4 py-2 font-semibold text-red-700">
          Delete list
        </button>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="button" onClick={onDone} className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold">
            Cancel
          </button>
          <button type="submit" disabled={isSaving} className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
            {isSaving ? 'Saving…' : 'Save list'}
          </button>
        </div>
      </div>
      <Modal
        open={isDeleting}
        onClose={() => setDeleting(false)}
        title={`Delete "${list.name}"?`}
        description="Nobody in your business will be able to order from it any more."
        footer={
          <>
            <button type="button" onClick={() => setDeleting(false)} className="rounded-md border border-slate-300 px-4 py-2 font-semibold">
              Keep it
            </button>
            <button type="button" onClick={() => void remove()} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white">
              Delete list
            </button>
          </>
        }
      >
        <p>The products themselves stay in the shop.</p>
      </Modal>
    </form>
  );
}

/** A product found by SKU or name (the quick order's matching and prices), to add to the list. */
function AddProduct({ onAdd }: { onAdd: (row: QuickOrderResultRow) => void }) {
  const [text, setText] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [found, setFound] = useState<QuickOrderResultRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const qtyId = useId();

  async function find() {
    const q = parseRowQuantity(quantity);
    if (!text.trim()) return setError('Type a SKU or a product name');
    if (q === null) return setError(QUANTITY_RULE);
    setError(null);
    try {
      const answer = await api<QuickOrderResult>('/api/quick-order', { body: { rows: [{ text: text.trim(), quantity: q }] } });
      setFound(answer.lines[0] ?? null);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    }
  }

  return (
    <section aria-labelledby={`${textId}-title`} className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={`${textId}-title`} className="font-semibold">
        Add a product
      </h3>
      <div className="mt-2 grid grid-cols-[minmax(0,1fr)_5.5rem] gap-2 sm:grid-cols-[minmax(0,1fr)_5.5rem_auto]">
        <div>
          <label htmlFor={textId} className="block text-xs font-semibold text-slate-600">
            SKU or product name
          </label>
          <input
            id={textId}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setFound(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2"
          />
        </div>
        <div>
          <label htmlFor={qtyId} className="block text-xs font-semibold text-slate-600">
            Usual qty
          </label>
          <input
            id={qtyId}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value.slice(0, 5));
              setFound(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-2 text-right"
          />
        </div>
        <button type="button" onClick={() => void find()} className="col-span-2 self-end rounded-md border border-brand px-4 py-2 font-semibold text-brand sm:col-span-1">
          Find
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {found && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 p-2 text-sm">
          <div className="min-w-0">
            {found.product_id != null && (
              <p className="font-semibold">
                {found.product_name} <span className="font-normal text-slate-600">({found.sku}{found.unit_price ? `, ${formatRupees(found.unit_price)}` : ''})</span>
              </p>
            )}
            {found.problem?.code === 'no_match' || found.problem?.code === 'out_of_stock' ? <LineProblem line={found} /> : null}
          </div>
          {found.product_id != null && (
            <button
              type="button"
              onClick={() => {
                onAdd({ ...found, wanted: parseRowQuantity(quantity) ?? found.wanted });
                setText('');
                setQuantity('1');
              }}
              className="rounded-md bg-brand px-3 py-1.5 font-semibold text-white"
            >
              Add to list
            </button>
          )}
        </div>
      )}
    </section>
  );
}
