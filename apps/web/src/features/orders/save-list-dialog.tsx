import type { Order } from '@shop/domain/orders';
import type { OrderList } from '@shop/domain/reorder';
import { ORDER_LIST_NAME_MAX } from '@shop/domain/reorder-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

/** Issue 21: an order list made from a past order (its products at the quantities ordered); Owner or Approver. */
export function SaveListDialog({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const inputId = useId();
  const errorId = useId();

  async function save() {
    if (name.trim() === '') return setError('Give the list a name');
    setSaving(true);
    setError(null);
    try {
      const list = await api<OrderList>('/api/order-lists', { body: { name: name.trim(), from_order_id: order.id } });
      void queryClient.invalidateQueries({ queryKey: ['order-lists'] });
      notify.success(`List "${list.name}" saved`);
      onClose();
      navigate(`/order-lists/${list.id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Save as order list"
      description={`The products of ${order.order_number} at the quantities ordered, for everyone in your business to order from.`}
      footer={
        <>
          <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-4 py-2 font-semibold">
            Cancel
          </button>
          <button
            type="submit"
            form={`${inputId}-form`}
            disabled={isSaving}
            className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {isSaving ? 'Saving…' : 'Save list'}
          </button>
        </>
      }
    >
      <form
        id={`${inputId}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor={inputId} className="block font-semibold">
          List name
        </label>
        <input
          id={inputId}
          value={name}
          maxLength={ORDER_LIST_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error != null || undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="Weekly order"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
        />
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-red-700">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
