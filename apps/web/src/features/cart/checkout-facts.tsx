import { ORDER_REFERENCE_MAX, deliveryDayChoices, formatDeliveryDay } from '@shop/domain/policy-facts';
import { deliveryNote } from '@shop/domain/places';
import { useId } from 'react';
import { useSession } from '../../lib/session.tsx';
import { setCheckoutFacts, useCheckoutFacts } from './checkout-facts-store.ts';
import { useOrderPolicy } from './use-order-policy.ts';

/**
 * Issue 36: the buyer's own reference (a purchase order number) and the delivery day asked for, both
 * optional (docs/decisions/027-policy-facts.md): the days offered are the city's delivery days from the
 * first one its cut-off still allows (Pakistan time, the server's clock); left as it is, the order goes
 * out on the next delivery day, which the first choice names. The server checks both again.
 */
export function CheckoutFacts() {
  const { user, isGuest } = useSession();
  const policy = useOrderPolicy(user != null && !isGuest);
  const facts = useCheckoutFacts();
  const id = useId();
  if (isGuest || !user) return null;
  const days = policy ? deliveryDayChoices(policy, policy.serverNow()) : [];
  const next = days[0];
  return (
    <div className="mt-4 space-y-3">
      <h2 className="text-lg font-bold">Delivery and reference</h2>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${id}-day`} className="font-semibold">
          Delivery day
        </label>
        <select
          id={`${id}-day`}
          value={facts.day}
          disabled={days.length === 0}
          onChange={(e) => setCheckoutFacts({ day: e.target.value })}
          aria-describedby={`${id}-day-note`}
          className="rounded border border-slate-300 bg-white px-2 py-2"
        >
          <option value="">{next ? `Next delivery day (${formatDeliveryDay(next)})` : 'Next delivery day'}</option>
          {days.map((d) => (
            <option key={d} value={d}>
              {formatDeliveryDay(d)}
            </option>
          ))}
        </select>
        <p id={`${id}-day-note`} className="text-xs text-slate-600">
          {policy?.city && policy.cutoff_time ? deliveryNote({ name: policy.city, delivery_days: policy.delivery_days, cutoff_time: policy.cutoff_time }) : 'We deliver on the next possible day.'}
        </p>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${id}-ref`} className="font-semibold">
          Your reference <span className="font-normal text-slate-600">(optional, e.g. your purchase order number)</span>
        </label>
        <input
          id={`${id}-ref`}
          value={facts.reference}
          maxLength={ORDER_REFERENCE_MAX}
          autoComplete="off"
          onChange={(e) => setCheckoutFacts({ reference: e.target.value })}
          className="rounded border border-slate-300 px-2 py-2"
        />
        <p className="text-xs text-slate-600">
          Shown on your order and printed on the delivery slip. At most {ORDER_REFERENCE_MAX} characters.
        </p>
      </div>
    </div>
  );
}
