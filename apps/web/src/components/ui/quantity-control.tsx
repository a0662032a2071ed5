import { parseTypedQuantity } from '@shop/domain/cart';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';

/**
 * SPEC 4: plus and minus (minus at 1 removes, through onChange(0)); typed quantity is the integer
 * typed, and empty or 0 on blur removes.
 */
export function QuantityControl({ quantity, onChange, label }: { quantity: number; onChange: (q: number) => void; label: string }) {
  const [text, setText] = useState(String(quantity));
  useEffect(() => setText(String(quantity)), [quantity]);
  return (
    <div className="flex items-center rounded-md border border-slate-300 bg-white">
      <button type="button" aria-label={`Decrease quantity of ${label}`} className="p-2 hover:bg-slate-100" onClick={() => onChange(quantity - 1)}>
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <input
        aria-label={`Quantity of ${label}`}
        inputMode="numeric"
        className="w-12 border-x border-slate-300 py-1 text-center text-sm"
        value={text}
        onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 4))}
        onBlur={() => onChange(parseTypedQuantity(text))}
        onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      />
      <button type="button" aria-label={`Increase quantity of ${label}`} className="p-2 hover:bg-slate-100" onClick={() => onChange(quantity + 1)}>
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
