import { parseTypedQuantity } from '@shop/domain/cart';
import { stockLimitText } from '@shop/domain/order-rules';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

/**
 * SPEC 4: plus and minus (minus at 1 removes, through onChange(0)); typed quantity is the integer
 * typed, and empty or 0 on blur removes. With `stock`, a quantity above it is told at once, while
 * typing and after (issue 15 point 9), and plus stops at the stock; Place order and the server
 * still refuse it, since the stock may change meanwhile.
 */
export function QuantityControl({ quantity, onChange, label, stock }: { quantity: number; onChange: (q: number) => void; label: string; stock?: number }) {
  const [text, setText] = useState(String(quantity));
  const noticeId = useId();
  useEffect(() => setText(String(quantity)), [quantity]);
  const typed = parseTypedQuantity(text);
  const isOver = stock !== undefined && stock > 0 && typed > stock;
  return (
    <div>
      <div className="flex items-center rounded-md border border-slate-300 bg-white">
        <button type="button" aria-label={`Decrease quantity of ${label}`} className="p-2 hover:bg-slate-100" onClick={() => onChange(quantity - 1)}>
          <Minus aria-hidden="true" className="h-4 w-4" />
        </button>
        <input
          aria-label={`Quantity of ${label}`}
          aria-invalid={isOver || undefined}
          aria-describedby={isOver ? noticeId : undefined}
          inputMode="numeric"
          className={`min-w-0 flex-1 border-x border-slate-300 py-1 text-center text-sm ${isOver ? 'text-red-700' : ''}`}
          value={text}
          onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 4))}
          onBlur={() => onChange(parseTypedQuantity(text))}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        />
        <button
          type="button"
          aria-label={`Increase quantity of ${label}`}
          disabled={stock !== undefined && stock > 0 && quantity >= stock}
          className="p-2 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
          onClick={() => onChange(quantity + 1)}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {isOver && (
        <p id={noticeId} role="alert" className="mt-1 text-xs font-semibold text-red-700">
          {stockLimitText(stock)}
        </p>
      )}
    </div>
  );
}
