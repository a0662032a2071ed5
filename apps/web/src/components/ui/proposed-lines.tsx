import { formatRupees } from '@shop/domain/money';
import type { ProposedLine } from '@shop/domain/reorder';
import { overLimitText } from '@shop/domain/reorder-rules';
import { AlertTriangle } from 'lucide-react';

/** A proposed line's key: its product, or (no longer sold) the name it had. */
export const lineKey = (l: Pick<ProposedLine, 'product_id' | 'product_name'>) => (l.product_id == null ? `name:${l.product_name}` : `id:${l.product_id}`);

/** An element id made from a line's key (names may hold spaces). */
export const lineDomId = (prefix: string, key: string) => `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** What goes in at what price: "3 × Rs. 236", "7 of 20 × Rs. 118" when fewer are in stock, or the price alone when none go in. */
export function quantityText(l: Pick<ProposedLine, 'quantity' | 'wanted' | 'unit_price'>): string {
  if (!l.unit_price) return `${l.wanted} wanted`;
  if (l.quantity === 0) return `${l.wanted} wanted · ${formatRupees(l.unit_price)} each`;
  return `${l.quantity === l.wanted ? l.quantity : `${l.quantity} of ${l.wanted}`} × ${formatRupees(l.unit_price)}`;
}

/** Issue 21: a line's problem, named where the buyer looks (red when nothing goes in, amber when less does). */
export function LineProblem({ line, id }: { line: Pick<ProposedLine, 'problem' | 'quantity'>; id?: string }) {
  if (!line.problem) return null;
  const blocking = line.quantity === 0;
  return (
    <p id={id} className={`mt-1 flex items-start gap-1 text-sm font-semibold ${blocking ? 'text-red-700' : 'text-amber-800'}`}>
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{line.problem.text}</span>
    </p>
  );
}

/**
 * Lines offered for the cart at today's prices (a reorder, an order list): each with what goes in and
 * its price, and any problem named; with `selected`, a checkbox per line that can go in.
 */
export function ProposedLines({
  lines,
  label,
  selected,
  onToggle,
}: {
  lines: readonly ProposedLine[];
  label: string;
  selected?: ReadonlySet<string>;
  onToggle?: (key: string) => void;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200">
      {lines.map((l) => {
        const key = lineKey(l);
        const problemId = lineDomId('problem', key);
        const chooseId = lineDomId('choose', key);
        const canAdd = l.cart_line != null;
        return (
          <li key={key} aria-label={l.product_name} className="flex gap-3 py-2">
            {selected && onToggle && (
              <input
                id={chooseId}
                type="checkbox"
                className="mt-0.5 h-6 w-6 shrink-0 accent-brand"
                aria-label={`Choose ${l.product_name}`}
                aria-describedby={l.problem ? problemId : undefined}
                checked={canAdd && selected.has(key)}
                disabled={!canAdd}
                onChange={() => onToggle(key)}
              />
            )}
            <div className="min-w-0 flex-1">
              {/* The name is the checkbox's label too: a thumb taps the line, not a 24 px box. */}
              {selected && onToggle ? (
                <label htmlFor={chooseId} className="block font-semibold">
                  {l.product_name}
                </label>
              ) : (
                <p className="font-semibold">{l.product_name}</p>
              )}
              <p className="text-xs text-slate-600">
                {l.sku && <span>{l.sku} · </span>}
                {quantityText(l)}
              </p>
              <LineProblem line={l} id={problemId} />
            </div>
            <p className="shrink-0 text-right font-semibold whitespace-nowrap">{canAdd ? formatRupees(l.line_total) : 'Not added'}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The total of what would go in, and SPEC 4's limit told ahead for an Orderer. */
export function ProposalTotal({ total, limit, overLimit }: { total: string; limit: string | null; overLimit: boolean }) {
  return (
    <div className="mt-2 border-t border-slate-200 pt-2">
      <p className="flex justify-between font-bold">
        <span>Total at today's prices</span>
        <span>{formatRupees(total)}</span>
      </p>
      {overLimit && limit && (
        <p role="status" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          {overLimitText(limit)}
        </p>
      )}
    </div>
  );
}
