import type { OrderStatus } from '@shop/domain/constants';
import { formatRupees } from '@shop/domain/money';
import type { Mail } from '../../lib/mailer.ts';

export type OrderChangeMail =
  | { kind: 'status'; status: OrderStatus; reason: string | null }
  | { kind: 'line'; product: string; from: number; to: number; reason: string; total: string };

const STATUS_TEXT: Partial<Record<OrderStatus, string>> = {
  Arrange: 'is being arranged in our warehouse',
  Shipping: 'is on its way to you',
  Delivered: 'has been delivered',
  Rejected: 'could not be accepted',
};

/** Issue 16: the orderer hears of every change the wholesaler makes to the order. */
export function orderChangeMail(to: { email: string; name: string }, orderNumber: string, change: OrderChangeMail): Mail {
  if (change.kind === 'status') {
    const what = STATUS_TEXT[change.status] ?? `is now ${change.status}`;
    const lines = [`Dear ${to.name},`, '', `Your order ${orderNumber} ${what}.`];
    if (change.reason) lines.push('', `Reason: ${change.reason}`);
    lines.push('', 'You can follow it under Order History.', '', 'Wholesale Shop');
    return { to: to.email, subject: `Order ${orderNumber}: ${change.status}`, text: lines.join('\n') };
  }
  const what = change.to === 0 ? `${change.product} was removed` : `${change.product} was lowered from ${change.from} to ${change.to}`;
  return {
    to: to.email,
    subject: `Order ${orderNumber}: a line was changed`,
    text: [`Dear ${to.name},`, '', `In your order ${orderNumber}, ${what}.`, `Reason: ${change.reason}`, `New total: ${formatRupees(change.total)}.`, '', 'Wholesale Shop'].join('\n'),
  };
}
